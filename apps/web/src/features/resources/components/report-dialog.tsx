import { useMutation } from '@tanstack/react-query';
import { REPORT_CATEGORIES } from '@zyk/shared';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { errorText, isUnauthorized } from '../../../lib/api-result.ts';
import type { Toast } from '../../../lib/toast.ts';
import { reportResource } from '../api/resource-api.ts';
import { reportActionError } from '../lib/login-gate.ts';

type Category = keyof typeof REPORT_CATEGORIES;

interface Values {
  category: Category;
  content?: string;
}

/** 举报: a category and an optional explanation; the server's refusal (already reported…) is shown as it says. */
export const ReportDialog = ({
  resourceId,
  toast,
  onClose,
}: {
  resourceId: number;
  toast: Toast;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: Values) =>
      reportResource({ resourceId, category: values.category, content: (values.content ?? '').trim() }),
    onSuccess: () => {
      void toast.success('举报已提交，我们会尽快处理');
      onClose();
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        onClose();
        reportActionError(toast, error);
        return;
      }
      setRefusal(errorText(error, '举报提交失败，请稍后重试'));
    },
  });

  return (
    <Modal
      open
      title="举报资源"
      okText="提交举报"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      centered
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setRefusal(null);
          mutation.mutate(values);
        }}
      >
        <Form.Item name="category" label="举报类型" rules={[{ required: true, message: '请选择举报类型' }]}>
          <Radio.Group options={Object.entries(REPORT_CATEGORIES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="content" label="举报说明" rules={[{ max: 500, message: '举报说明不能超过 500 个字' }]}>
          <Input.TextArea
            placeholder="请描述具体问题，便于管理员核实（选填）"
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="warning" showIcon title={refusal} data-testid="report-refusal" />}
    </Modal>
  );
};

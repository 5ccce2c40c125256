import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';

/** How long a reason may be unless the request says otherwise (the api refuses more). */
export const PROMPT_MAX = 200;

export interface PromptRequest {
  title: string;
  /** The field's label (驳回原因, 发票号码). */
  label: string;
  okText: string;
  danger?: boolean;
  placeholder?: string;
  rules?: Rule[];
  /** A paragraph rather than a line (reasons the author reads), with a character count. */
  multiline?: boolean;
  /** Runs the action; the dialog stays open (and keeps the text) until it succeeds. */
  onSubmit: (text: string) => Promise<unknown>;
}

/**
 * Asks for the text a console decision needs (a reason, an invoice number) and runs the decision with it. The text
 * is required (an author or user reads a reason in their message, so it is never empty); the dialog stays open
 * with the text when the decision fails.
 */
export const PromptDialog = ({ request, onClose }: { request: PromptRequest | null; onClose: () => void }) => {
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!request) return;
    let text: string;
    try {
      ({ text } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      await request.onSubmit(text.trim());
      form.resetFields();
      onClose();
    } catch {
      // The caller has shown why; the text stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={request?.okText}
      cancelText="取消"
      okButtonProps={{ danger: request?.danger ?? false, loading: busy }}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="text"
          label={request?.label ?? '原因'}
          rules={[
            { required: true, whitespace: true, message: `请填写${request?.label ?? '原因'}` },
            ...(request?.rules ?? [
              { max: PROMPT_MAX, message: `${request?.label ?? '原因'}不能超过 ${PROMPT_MAX} 个字` },
            ]),
          ]}
        >
          {request?.multiline ? (
            <Input.TextArea rows={4} maxLength={PROMPT_MAX} showCount autoFocus placeholder={request.placeholder} />
          ) : (
            <Input placeholder={request?.placeholder} autoComplete="off" />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
};

import {
  type AdminCatalogueNode,
  CATALOGUE_CODE_PATTERN,
  CATALOGUE_KINDS,
  type CatalogueKind,
  GRADE_NAMES,
} from '@zyk/shared';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { errorText } from '../../../lib/api-result.ts';
import type { SaveNodeBody } from '../api/catalogue-api.ts';
import { useSaveNode } from '../hooks/use-catalogue.ts';

/** What the form does: change a node, or make one under `parent` (an edition has none). */
export type NodeFormTarget =
  | { mode: 'edit'; node: AdminCatalogueNode }
  | { mode: 'create'; kind: CatalogueKind; parent: AdminCatalogueNode | null };

interface Values {
  name: string;
  code?: string;
  grade?: number | null;
}

const GRADE_OPTIONS = Object.entries(GRADE_NAMES).map(([grade, name]) => ({ value: Number(grade), label: name }));

/**
 * 修改 or 新建 a catalogue node in a dialog: name, code (optional when creating: the server makes one) and, for a
 * volume, its grade. The server's refusal (a code in use, a retired parent) shows in the dialog as it says it.
 */
export const NodeForm = ({
  target,
  stageId,
  subjectId,
  onClose,
  onSaved,
}: {
  target: NodeFormTarget;
  stageId: number;
  subjectId: number;
  onClose: () => void;
  onSaved: (node: AdminCatalogueNode) => void;
}) => {
  const [form] = Form.useForm<Values>();
  const kind = target.mode === 'edit' ? target.node.kind : target.kind;
  const kindName = CATALOGUE_KINDS[kind];
  const save = useSaveNode();
  const submit = (v: Values) => {
    const code = v.code?.trim() || undefined;
    const grade = kind === 'volume' ? { grade: v.grade ?? null } : {};
    let body: SaveNodeBody;
    if (target.mode === 'edit') {
      body = { id: target.node.id, name: v.name.trim(), ...(code ? { code } : {}), ...grade };
    } else if (target.parent) {
      body = { parentId: target.parent.id, kind, name: v.name.trim(), ...(code ? { code } : {}), ...grade };
    } else {
      body = { parentId: null, stageId, subjectId, kind, name: v.name.trim(), ...(code ? { code } : {}) };
    }
    // The dialog shows a failure (save.error).
    void save.mutateAsync(body).then(onSaved, () => {});
  };
  const title =
    target.mode === 'edit'
      ? `修改${kindName}`
      : target.parent
        ? `在“${target.parent.name}”下新建${kindName}`
        : `新建${kindName}`;
  return (
    <Modal
      open
      title={title}
      okText={target.mode === 'edit' ? '保存' : '创建'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          target.mode === 'edit'
            ? { name: target.node.name, code: target.node.code, grade: target.node.grade }
            : { name: '', code: '', grade: null }
        }
        data-testid="catalogue-node-form"
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 60, message: '名称不超过 60 个字' },
          ]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="code"
          label="编号"
          extra={target.mode === 'create' ? '不填时自动生成；导入时按编号识别同一节点' : '导入时按编号识别同一节点'}
          rules={[
            ...(target.mode === 'edit' ? [{ required: true, whitespace: true, message: '请输入编号' }] : []),
            { pattern: CATALOGUE_CODE_PATTERN, message: '编号只能由字母、数字与 . _ - 组成，不超过 64 位' },
          ]}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        {kind === 'volume' && (
          <Form.Item name="grade" label="年级" extra="高中必修、选择性必修等不分年级的册次可不选">
            <Select allowClear placeholder="不分年级" options={GRADE_OPTIONS} />
          </Form.Item>
        )}
        {save.isError && <Alert type="error" showIcon title={errorText(save.error, '保存失败')} />}
      </Form>
    </Modal>
  );
};

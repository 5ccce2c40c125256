import { Alert, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A dialog around one password form: the OK button submits it, 取消 clears it, and the server's refusal shows under
 * it. The pay password check and setting a pay password on the spot both use it.
 */
export const PasswordFormDialog = <Values extends object>({
  open,
  title,
  okText,
  busy,
  width,
  form,
  failure,
  failureTestId,
  intro,
  footnote,
  onSubmit,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  busy: boolean;
  width: number;
  form: FormInstance<Values>;
  failure: string | null;
  failureTestId?: string;
  /** Shown above the form. */
  intro?: ReactNode;
  /** Shown at the bottom, under the failure. */
  footnote?: ReactNode;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  children: ReactNode;
}) => (
  <Modal
    open={open}
    title={title}
    okText={okText}
    cancelText="取消"
    confirmLoading={busy}
    onOk={() => form.submit()}
    onCancel={() => {
      form.resetFields();
      onCancel();
    }}
    destroyOnHidden
    width={width}
  >
    {intro}
    <Form form={form} layout="vertical" onFinish={onSubmit} requiredMark={false}>
      {children}
    </Form>
    {failure && <Alert type="error" showIcon title={failure} data-testid={failureTestId} />}
    {footnote}
  </Modal>
);

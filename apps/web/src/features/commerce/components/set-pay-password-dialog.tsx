import { Form } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import { checkPayPassword } from '../api/commerce-api.ts';
import { useSetPayPassword } from '../hooks/use-commerce.ts';
import styles from './commerce.module.css';
import { PasswordFormDialog } from './password-form-dialog.tsx';
import { PAY_PASSWORD_RULE, PayPasswordFields, type PayPasswordValues } from './pay-password-fields.tsx';

/**
 * Sets (or, forgotten, replaces) the pay password where it is needed, so paying never sends the buyer elsewhere:
 * the login password and the new pay password twice, then the new password is checked at once and its payToken
 * handed to `onVerified`, as the pay password dialog would. The server's refusal (wrong login password, a weak pay
 * password) shows in place.
 */
export const SetPayPasswordDialog = ({
  open,
  replacing,
  amountText,
  onVerified,
  onCancel,
}: {
  open: boolean;
  replacing: boolean;
  amountText: string;
  onVerified: (payToken: string) => void;
  onCancel: () => void;
}) => {
  const [form] = Form.useForm<PayPasswordValues>();
  const save = useSetPayPassword();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ loginPassword, payPassword }: PayPasswordValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await save.mutateAsync({ loginPassword, payPassword });
      const { payToken } = await checkPayPassword(payPassword);
      form.resetFields();
      onVerified(payToken);
    } catch (error) {
      setFailure(errorText(error, '支付密码设置失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PasswordFormDialog
      open={open}
      title={replacing ? '重新设置支付密码' : '设置支付密码'}
      okText="设置并支付"
      busy={busy}
      width={440}
      form={form}
      failure={failure}
      failureTestId="set-pay-password-failure"
      onSubmit={submit}
      onCancel={() => {
        setFailure(null);
        onCancel();
      }}
      intro={
        <>
          <p>
            余额支付需要支付密码，设置后立即支付本订单{' '}
            <span className={styles.price} data-testid="set-pay-password-amount">
              {amountText}
            </span>
            ，以后的余额支付与提现也用它验证。
          </p>
          <p className={styles.muted}>{PAY_PASSWORD_RULE}</p>
        </>
      }
    >
      <PayPasswordFields replacing={replacing} autoFocus />
    </PasswordFormDialog>
  );
};

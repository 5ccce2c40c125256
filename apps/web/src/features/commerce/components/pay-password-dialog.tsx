import { PAY_PASSWORD_PATTERN } from '@zyk/shared';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/api-result.ts';
import { checkPayPassword } from '../api/commerce-api.ts';
import styles from './commerce.module.css';
import { PasswordFormDialog } from './password-form-dialog.tsx';

/**
 * Asks for the 6-digit pay password and trades it for a payToken (valid five minutes) that balance payments and
 * withdrawals carry. A wrong password, or a lock after five, shows the server's message in place.
 */
export const PayPasswordDialog = ({
  open,
  title,
  amountText,
  onVerified,
  onCancel,
  onForgot,
}: {
  open: boolean;
  title: string;
  amountText?: string;
  onVerified: (payToken: string) => void;
  onCancel: () => void;
  /** Replaces a forgotten password in place; without it the dialog points to 实名认证与安全. */
  onForgot?: () => void;
}) => {
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ password }: { password: string }) => {
    setChecking(true);
    setFailure(null);
    try {
      const { payToken } = await checkPayPassword(password);
      form.resetFields();
      onVerified(payToken);
    } catch (error) {
      setFailure(errorText(error, '支付密码验证失败，请稍后重试'));
      form.setFieldValue('password', '');
    } finally {
      setChecking(false);
    }
  };

  return (
    <PasswordFormDialog
      open={open}
      title={title}
      okText="确定"
      busy={checking}
      width={420}
      form={form}
      failure={failure}
      onSubmit={submit}
      onCancel={() => {
        setFailure(null);
        onCancel();
      }}
      intro={
        amountText && (
          <p>
            金额 <span className={styles.bigPrice}>{amountText}</span>
          </p>
        )
      }
      footnote={
        onForgot ? (
          <p className={styles.muted}>
            忘记支付密码？
            <Button type="link" size="small" onClick={onForgot}>
              用登录密码重新设置
            </Button>
          </p>
        ) : (
          <p className={styles.muted}>
            忘记支付密码？可在 <Link to="/personSpace/verify">实名认证与安全</Link> 中用登录密码重新设置。
          </p>
        )
      }
    >
      <Form.Item
        name="password"
        label="支付密码"
        rules={[
          { required: true, message: '请输入 6 位数字支付密码' },
          { pattern: PAY_PASSWORD_PATTERN, message: '支付密码为 6 位数字' },
        ]}
      >
        <Input.Password
          autoFocus
          maxLength={6}
          inputMode="numeric"
          autoComplete="off"
          placeholder="6 位数字"
          aria-label="支付密码"
        />
      </Form.Item>
    </PasswordFormDialog>
  );
};

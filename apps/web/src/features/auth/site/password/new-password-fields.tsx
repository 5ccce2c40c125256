import { isStrongPassword, PASSWORD_RULE_TEXT } from '@zyk/shared';
import { Form, Input } from 'antd';
import { PasswordField } from './password-field.tsx';

/**
 * A new login password and its confirmation, as registration, password recovery and security settings ask for it:
 * the product's rule with a strength hint as one types, and both entries must agree.
 */
export const NewPasswordFields = ({
  name = 'password',
  label = '新密码',
  confirmLabel = `确认${label}`,
}: {
  name?: string;
  label?: string;
  confirmLabel?: string;
}) => (
  <>
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: `请设置${label}` },
        {
          validator: (_, v: string | undefined) =>
            !v || isStrongPassword(v)
              ? Promise.resolve()
              : Promise.reject(new Error(`${label}须为 ${PASSWORD_RULE_TEXT}`)),
        },
      ]}
    >
      <PasswordField placeholder={`请设置${label}`} />
    </Form.Item>
    <Form.Item
      name="confirm"
      label={confirmLabel}
      dependencies={[name]}
      rules={[
        { required: true, message: `请再次输入${label}` },
        ({ getFieldValue }) => ({
          validator: (_, v: string | undefined) =>
            !v || v === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(`两次输入的${label}不一致`)),
        }),
      ]}
    >
      <Input.Password placeholder={`再次输入${label}`} autoComplete="new-password" maxLength={32} />
    </Form.Item>
  </>
);

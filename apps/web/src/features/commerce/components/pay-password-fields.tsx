import { PAY_PASSWORD_PATTERN } from '@zyk/shared';
import { Form, Input } from 'antd';

export interface PayPasswordValues {
  loginPassword: string;
  payPassword: string;
  confirm: string;
}

export const PAY_PASSWORD_RULE = '6 位数字，不能全部相同或连续（如 123456）；设置或修改需要登录密码。';

/**
 * Setting or replacing the pay password: the login password (proof it is the account holder), the new pay password
 * and the same again. Fields of a vertical antd Form whose values are PayPasswordValues.
 */
export const PayPasswordFields = ({ replacing, autoFocus }: { replacing: boolean; autoFocus?: boolean }) => (
  <>
    <Form.Item name="loginPassword" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
      <Input.Password autoComplete="current-password" maxLength={32} autoFocus={autoFocus} />
    </Form.Item>
    <Form.Item
      name="payPassword"
      label={replacing ? '新支付密码' : '支付密码'}
      rules={[
        { required: true, message: '请输入 6 位数字支付密码' },
        { pattern: PAY_PASSWORD_PATTERN, message: '支付密码为 6 位数字' },
      ]}
    >
      <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" />
    </Form.Item>
    <Form.Item
      name="confirm"
      label="确认支付密码"
      dependencies={['payPassword']}
      rules={[
        { required: true, message: '请再次输入支付密码' },
        ({ getFieldValue }) => ({
          validator: async (_, v: string | undefined) => {
            if (v && v !== getFieldValue('payPassword')) throw new Error('两次输入的支付密码不一致');
          },
        }),
      ]}
    >
      <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" />
    </Form.Item>
  </>
);

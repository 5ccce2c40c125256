import { useQueryClient } from '@tanstack/react-query';
import { encryptPassword, MESSAGES } from '@zyk/shared';
import { Button, Form, Input, message, Result, Steps } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import { clientConfigQuery } from '../../../../lib/client-config.ts';
import type { CaptchaAnswer } from '../../api/captcha.ts';
import { SliderCaptcha } from '../../components/slider-captcha.tsx';
import { NewPasswordFields } from '../password/new-password-fields.tsx';
import styles from './register.module.css';
import { resetPassword, sendResetCode } from './register-api.ts';
import { SmsCodeField } from './sms-code-field.tsx';

interface Sent {
  account: string;
  maskedPhone: string;
  resendInSeconds: number;
}

/** Step 1: who (user name, phone or ID number) and the slider puzzle; the answer names the masked bound phone. */
const IdentifyStep = ({ onSent }: { onSent: (sent: Sent) => void }) => {
  const [form] = Form.useForm<{ account?: string; captcha?: CaptchaAnswer | null }>();
  const [toast, toastHolder] = message.useMessage();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { account?: string; captcha?: CaptchaAnswer | null }) => {
    if (!values.captcha) return;
    setBusy(true);
    try {
      const account = (values.account ?? '').trim();
      const sent = await sendResetCode({ account, verifyImageResult: values.captcha });
      onSent({ account, maskedPhone: sent.maskedPhone, resendInSeconds: sent.resendInSeconds });
    } catch (error) {
      toast.error(errorText(error, '验证码发送失败，请稍后重试'));
      form.setFieldValue('captcha', null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(v) => void submit(v)}>
      {toastHolder}
      <Form.Item
        name="account"
        label="账号"
        rules={[{ required: true, whitespace: true, message: MESSAGES.registration.accountRequired }]}
      >
        <Input placeholder="用户名/手机号/身份证号" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="captcha" label="安全验证" rules={[{ required: true, message: MESSAGES.login.sliderRequired }]}>
        <SliderCaptcha />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} autoInsertSpace={false}>
        发送验证码
      </Button>
    </Form>
  );
};

/** Step 2: the code sent to the masked phone and the new password. */
const ResetStep = ({ sent, onDone, onBack }: { sent: Sent; onDone: () => void; onBack: () => void }) => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code?: string; password?: string; confirm?: string }>();
  const [toast, toastHolder] = message.useMessage();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { code?: string; password?: string }) => {
    setBusy(true);
    try {
      const { transportKey } = await queryClient.fetchQuery(clientConfigQuery);
      await resetPassword({
        account: sent.account,
        code: (values.code ?? '').trim(),
        password: encryptPassword(values.password ?? '', transportKey),
      });
      onDone();
    } catch (error) {
      toast.error(errorText(error, '重置失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(v) => void submit(v)}>
      {toastHolder}
      <p data-testid="reset-sent-to">
        验证码已发送至 <span className={styles.masked}>{sent.maskedPhone}</span>，5 分钟内有效。
      </p>
      <Form.Item
        name="code"
        label="短信验证码"
        rules={[
          { required: true, message: '请输入短信验证码' },
          { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
        ]}
      >
        <SmsCodeField
          onSend={async () => {
            onBack();
            return null;
          }}
          canSend={true}
          sendLabel="重新获取"
          initialWait={sent.resendInSeconds}
        />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} autoInsertSpace={false}>
        重置密码
      </Button>
    </Form>
  );
};

/**
 * 忘记密码: identify the account and solve the puzzle, then enter the code sent to the bound phone (shown masked)
 * with a new password. Every device of the account is logged out; the last step leads back to `backTo` to log in.
 */
export const ForgotPasswordForm = ({ onLogin }: { onLogin: () => void }) => {
  const [sent, setSent] = useState<Sent | null>(null);
  const [done, setDone] = useState(false);
  const step = done ? 2 : sent ? 1 : 0;
  return (
    <div className={styles.card}>
      <Steps
        className={styles.steps}
        size="small"
        current={step}
        items={[{ title: '验证身份' }, { title: '设置新密码' }, { title: '完成' }]}
        responsive={false}
      />
      {done ? (
        <div data-testid="reset-done">
          <Result
            status="success"
            title="密码已重置"
            subTitle="该账号已在所有设备上退出登录，请使用新密码登录。"
            extra={
              <Button type="primary" onClick={onLogin}>
                去登录
              </Button>
            }
          />
        </div>
      ) : sent ? (
        <ResetStep sent={sent} onDone={() => setDone(true)} onBack={() => setSent(null)} />
      ) : (
        <IdentifyStep onSent={setSent} />
      )}
    </div>
  );
};

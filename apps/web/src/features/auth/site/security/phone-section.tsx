import { MobileOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@zyk/shared';
import { Alert, Button, Form, Input, Modal, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import type { Toast } from '../../../../lib/toast.ts';
import styles from './security.module.css';
import { confirmPhone, profileQuery, securityKeys, sendPhoneCode } from './security-api.ts';

const PHONE = /^1[3-9]\d{9}$/;
const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** Seconds left until `until` (ms), ticking once a second; 0 once passed. */
const useCountdown = (until: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
};

/** Two steps: the new phone gets a code (60 s before another can be sent), then the code confirms the change. */
const PhoneForm = ({ onDone, toast }: { onDone: () => void; toast: Toast }) => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ phone?: string; code?: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown(resendAt);

  const send = async () => {
    setError(null);
    let phone: string;
    try {
      phone = ((await form.validateFields(['phone'])).phone ?? '').trim();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const sent = await sendPhoneCode(phone);
      setSentTo(phone);
      setResendAt(Date.now() + sent.resendInSeconds * 1000);
      form.setFieldValue('code', '');
      toast.success(MESSAGES.account.smsSent);
    } catch (e) {
      setError(errorText(e, '验证码发送失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!sentTo) return;
    setError(null);
    let code: string;
    try {
      code = ((await form.validateFields(['code'])).code ?? '').trim();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await confirmPhone(sentTo, code);
      toast.success(`手机号已更换为 ${maskPhone(sentTo)}`);
      void queryClient.invalidateQueries({ queryKey: securityKeys.profile() });
      onDone();
    } catch (e) {
      setError(errorText(e, '更换失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void (sentTo ? confirm() : send())}>
      <Steps
        className={styles.steps}
        size="small"
        current={sentTo ? 1 : 0}
        items={[{ title: '填写新手机号' }, { title: '输入短信验证码' }]}
      />
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      <Form.Item
        name="phone"
        label="新手机号"
        rules={[
          { required: true, message: '请输入新手机号' },
          { pattern: PHONE, message: MESSAGES.account.phoneInvalid },
        ]}
      >
        <Input
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          placeholder="11 位手机号"
          disabled={busy || sentTo !== null}
        />
      </Form.Item>
      {sentTo && (
        <Form.Item label={`验证码（已发送至 ${maskPhone(sentTo)}，5 分钟内有效）`} required>
          <div className={styles.codeRow}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: '请输入短信验证码' },
                { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
              ]}
            >
              <Input
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                placeholder="6 位数字"
                aria-label="短信验证码"
              />
            </Form.Item>
            <Button onClick={() => void send()} disabled={busy || wait > 0}>
              {wait > 0 ? `${wait} 秒后重发` : '重新发送'}
            </Button>
          </div>
        </Form.Item>
      )}
      {sentTo ? (
        <div className={styles.codeRow}>
          <Button
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
            disabled={busy}
          >
            上一步
          </Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            确认更换
          </Button>
        </div>
      ) : (
        <Button type="primary" htmlType="submit" block loading={busy} disabled={wait > 0}>
          {wait > 0 ? `${wait} 秒后可重新获取` : '获取验证码'}
        </Button>
      )}
    </Form>
  );
};

/** 手机号: the masked phone and a two-step change. */
export const PhoneSection = ({ toast }: { toast: Toast }) => {
  const [open, setOpen] = useState(false);
  const profile = useQuery(profileQuery);
  const phone = profile.data?.phone ?? null;
  return (
    <div className={styles.row} data-testid="security-phone">
      <span className={styles.rowIcon}>
        <MobileOutlined aria-hidden />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowTitle}>手机号</div>
        <div className={styles.rowText}>
          {profile.isPending
            ? '正在读取…'
            : profile.isError
              ? errorText(profile.error)
              : phone
                ? `已绑定 ${phone}，可用于登录和找回密码`
                : '未绑定手机号，绑定后可用于登录和找回密码'}
        </div>
      </div>
      <div className={styles.rowAction}>
        <Button onClick={() => setOpen(true)}>{phone ? '更换手机号' : '绑定手机号'}</Button>
      </div>
      <Modal
        title={phone ? '更换手机号' : '绑定手机号'}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <PhoneForm onDone={() => setOpen(false)} toast={toast} />
      </Modal>
    </div>
  );
};

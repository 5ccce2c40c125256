import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { encryptPassword, MESSAGES } from '@zyk/shared';
import { Button, Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { clientConfigQuery, useClientConfig } from '../../../lib/client-config.ts';
import type { CaptchaAnswer } from '../api/captcha.ts';
import { postLogin } from '../api/session.ts';
import { authLinks } from '../lib/auth-links.ts';
import { completeLogin } from '../lib/session-sync.ts';
import styles from './login-dialog.module.css';
import { SliderCaptcha } from './slider-captcha.tsx';

type Toast = ReturnType<typeof message.useMessage>[0];

interface LoginFields {
  username?: string;
  password?: string;
  captcha?: CaptchaAnswer | null;
}

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once logged in and the user info is stored. */
  onLoggedIn: () => void;
}

/** The form; it lives inside the dialog and is rebuilt each time the dialog opens (fresh fields, fresh puzzle). */
const LoginForm = ({ onLoggedIn, toast }: { onLoggedIn: () => void; toast: Toast }) => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginFields>();
  const [submitting, setSubmitting] = useState(false);
  const config = useClientConfig();

  const submit = async (values: LoginFields) => {
    const verifyImageResult = values.captcha;
    if (!verifyImageResult) return; // the form's rule has said so already
    setSubmitting(true);
    try {
      const { transportKey } = await queryClient.fetchQuery(clientConfigQuery);
      const result = await postLogin({
        username: (values.username ?? '').trim(),
        password: encryptPassword((values.password ?? '').trim(), transportKey),
        verifyImageResult,
      });
      if (!result.ok) {
        toast.error(result.msg);
        form.setFieldValue('captcha', null); // used up: the slider fetches a new puzzle
        return;
      }
      await completeLogin(result.memberId);
      toast.success(MESSAGES.login.success);
      onLoggedIn();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '网络异常，请检查网络后重试');
      form.setFieldValue('captcha', null);
    } finally {
      setSubmitting(false);
    }
  };

  const here = window.location.href;
  const authSite = config.data?.authSiteUrl;

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      className={styles.form}
      disabled={submitting}
    >
      <Form.Item
        name="username"
        label="账号"
        rules={[{ required: true, whitespace: true, message: MESSAGES.login.accountRequired }]}
      >
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder="用户名/手机号/身份证号"
          autoComplete="username"
          maxLength={64}
          allowClear
        />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        rules={[{ required: true, whitespace: true, message: MESSAGES.login.passwordRequired }]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="请输入密码"
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="captcha" label="安全验证" rules={[{ required: true, message: MESSAGES.login.sliderRequired }]}>
        <SliderCaptcha />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} autoInsertSpace={false}>
        登录
      </Button>
      <div className={styles.links}>
        <a href={authSite === undefined ? undefined : authLinks.register(authSite, here)}>注册</a>
        <a href={authSite === undefined ? undefined : authLinks.forgotPassword(authSite, here)}>忘记密码</a>
      </div>
    </Form>
  );
};

/**
 * The login dialog: account (user name, phone or ID card) and password, trimmed; the slider puzzle;
 * the password AES-encrypted with the deployment's transport key. A refused login shows the server's message and
 * brings a new puzzle (a puzzle serves one attempt). This module is loaded only when the dialog first opens.
 */
export const LoginDialog = ({ open, onClose, onLoggedIn }: LoginDialogProps) => {
  // The toasts outlive the dialog (登录成功 shows as it closes), so their holder sits outside it.
  const [toast, toastHolder] = message.useMessage();
  return (
    <>
      {toastHolder}
      <Modal
        open={open}
        title="账号登录"
        footer={null}
        width={358}
        centered
        destroyOnHidden
        maskClosable={false}
        onCancel={onClose}
      >
        <LoginForm onLoggedIn={onLoggedIn} toast={toast} />
      </Modal>
    </>
  );
};

import { Form, Input, type InputRef, Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

interface Pending {
  title: string;
  resolve: (password: string | null) => void;
}

/**
 * Sensitive actions (payouts, role changes) ask for the administrator's login password again. `ask(title)` opens
 * the dialog and answers the password, or null when cancelled; render `holder` once in the page.
 */
export const useConfirmPassword = (): [(title: string) => Promise<string | null>, ReactNode] => {
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState('');
  const inputRef = useRef<InputRef>(null);
  const close = (value: string | null) => {
    pending?.resolve(value);
    setPending(null);
    setPassword('');
  };
  const ask = (title: string) => new Promise<string | null>((resolve) => setPending({ title, resolve }));
  const holder = (
    <Modal
      open={pending !== null}
      title={pending?.title ?? '确认身份'}
      okText="确认"
      cancelText="取消"
      okButtonProps={{ disabled: password.length === 0 }}
      onOk={() => close(password)}
      onCancel={() => close(null)}
      afterOpenChange={(open) => open && inputRef.current?.focus()}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => password && close(password)}>
        <Form.Item label="请再次输入您的登录密码" htmlFor="console-confirm-password" required>
          <Input.Password
            id="console-confirm-password"
            ref={inputRef}
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => password && close(password)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
  return [ask, holder];
};

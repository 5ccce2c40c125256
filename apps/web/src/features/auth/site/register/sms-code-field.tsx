import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import styles from './register.module.css';

/**
 * A 6-digit SMS code with its 获取验证码 button: `onSend` sends it (and answers the seconds until another may be
 * asked for, or null when it failed); the button then counts down. Works as an antd Form control.
 */
export const SmsCodeField = ({
  value,
  onChange,
  id,
  onSend,
  canSend,
  sendLabel = '获取验证码',
  initialWait = 0,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  onSend: () => Promise<number | null>;
  /** Why the code cannot be asked for yet (shown on the button's title), or true. */
  canSend: true | string;
  sendLabel?: string;
  /** Seconds before the button may be used (a code was just sent). */
  initialWait?: number;
}) => {
  const [wait, setWait] = useState(initialWait);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setSending(true);
    try {
      const seconds = await onSend();
      if (seconds !== null) setWait(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.codeRow}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        placeholder="6 位数字验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <Button
        onClick={() => void send()}
        loading={sending}
        disabled={wait > 0 || canSend !== true}
        title={canSend === true ? undefined : canSend}
        className={styles.codeButton}
        data-testid="send-sms-code"
      >
        {wait > 0 ? `${wait} 秒后重发` : sendLabel}
      </Button>
    </div>
  );
};

import { PASSWORD_RULE_TEXT } from '@zyk/shared';
import { Input } from 'antd';
import styles from './password.module.css';
import { passwordStrength } from './password-strength.ts';

/**
 * A new password with its rule and a strength hint under it (弱 / 中 / 强). Works as an antd Form control.
 */
export const PasswordField = ({
  value,
  onChange,
  id,
  placeholder = '请设置登录密码',
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
}) => {
  const strength = passwordStrength(value ?? '');
  return (
    <div className={styles.password}>
      <Input.Password
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        autoComplete="new-password"
        maxLength={32}
      />
      <div className={styles.strength} data-level={strength.level} data-testid="password-strength">
        <span className={styles.bars} aria-hidden>
          <span />
          <span />
          <span />
        </span>
        <span className={styles.strengthText}>
          {PASSWORD_RULE_TEXT}
          {strength.label && <>，强度：{strength.label}</>}
        </span>
      </div>
    </div>
  );
};

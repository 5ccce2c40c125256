import { isStrongPassword } from '@zyk/shared';

export type Strength = { level: 0 | 1 | 2 | 3; label: string };

/**
 * A hint, not a rule: 0 does not meet the rule; 1 meets it barely; 2 adds length (12+) or mixed case or a symbol;
 * 3 has two or more of those.
 */
export const passwordStrength = (password: string): Strength => {
  if (!isStrongPassword(password)) return { level: 0, label: password ? '不符合要求' : '' };
  const extras = [
    password.length >= 12,
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  const count = extras.filter(Boolean).length;
  if (count >= 2) return { level: 3, label: '强' };
  if (count === 1) return { level: 2, label: '中' };
  return { level: 1, label: '弱' };
};

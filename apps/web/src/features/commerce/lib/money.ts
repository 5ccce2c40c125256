/** Money in the wallet screens: integer fen in, yuan with two decimals out (never floats). */

/** 1234 → ¥12.34, 0 → ¥0.00, -50 → -¥0.50. */
export const formatYuan = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * What a person typed as yuan ("12", "12.3", "12.34") in fen; null for anything else (more than two decimals,
 * signs, letters, or more than a million yuan).
 */
export const yuanToFen = (text: string): number | null => {
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
};

/**
 * Money is integer fen (分) everywhere; these are the only conversions to and from the yuan (元) people read and
 * type, computed on integers so no float ever rounds an amount.
 */

/** 1234 → '12.34', 5 → '0.05', -50 → '-0.50'. */
export const fenToYuanText = (fen: number): string => {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** 1234 → '¥12.34', -50 → '-¥0.50'. */
export const formatYuan = (fen: number): string => (fen < 0 ? `-¥${fenToYuanText(-fen)}` : `¥${fenToYuanText(fen)}`);

/** The shortest yuan text, for a form field: 1999 → '19.99', 500 → '5'. */
export const fenToYuanInput = (fen: number): string => (fen % 100 === 0 ? String(fen / 100) : fenToYuanText(fen));

/**
 * Yuan as text ('12', '12.3', '12.34', '12.') in fen; null for anything else: spaces, signs, letters, more than
 * two decimals, or more than `maxWholeDigits` digits before the point.
 */
export const yuanTextToFen = (text: string | null | undefined, maxWholeDigits = 9): number | null => {
  const match = new RegExp(`^(\\d{1,${maxWholeDigits}})(?:\\.(\\d{0,2}))?$`).exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/**
 * A yuan amount from a number field (or its text) in fen: 19.99 → 1999. A number that prints with more digits
 * than it means (0.1 + 0.2) is rounded to the fen; negatives and non-numbers are null.
 */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  if (typeof yuan === 'string') return yuanTextToFen(yuan);
  if (!Number.isFinite(yuan) || yuan < 0 || yuan >= 1e9) return null;
  return yuanTextToFen(String(yuan)) ?? Math.round(yuan * 100);
};

/** Fen as the yuan text people read in messages and the CLI: 1234 → "12.34". */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** `12.34` from 1234 fen, and back; amounts that are not exactly yuan with at most two decimals are refused. */
export const fenToYuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
export const yuanTextToFen = (text: string | undefined): number | null => {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

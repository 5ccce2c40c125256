/** Fen as the yuan text people read in messages and the CLI: 1234 → "12.34". */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

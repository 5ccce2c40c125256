import { chinaDate, chinaDateTime, formatBytes, formatYuan } from '@zyk/shared';
/** Display formats of the library screens: prices, counts, dates in China time, durations. */

/** 0 → 免费, otherwise ¥ with two decimals. */
export const formatPrice = (fen: number): string => (fen <= 0 ? '免费' : formatYuan(fen));

/** 9999 → 9999, 12345 → 1.2万, 100000 → 10万. */
export const formatCount = (n: number): string => {
  if (n < 10_000) return String(n);
  const tenThousands = Math.floor(n / 1_000) / 10;
  return `${tenThousands.toFixed(1).replace(/\.0$/, '')}万`;
};

const dateOf = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** 2026-11-22 (China time); '' for a missing or broken date. */
export const formatDate = (iso: string | null | undefined): string => {
  const date = dateOf(iso);
  return date ? chinaDate(date) : '';
};

/** 2026-11-22 08:05 (China time). */
export const formatDateTime = (iso: string | null | undefined): string => {
  const date = dateOf(iso);
  return date ? chinaDateTime(date).slice(0, 16) : '';
};

/** 75 → 01:15, 3725 → 1:02:05. */
export const formatDuration = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** What a file is, in a few characters: "DOCX · 12 页 · 245 KB", "MP4 · 04:05 · 12.3 MB" (parts that are known). */
export const fileSummary = (
  file: { type: string; size: number; pageCount: number | null; durationSeconds: number | null },
  { size = true }: { size?: boolean } = {},
): string =>
  [
    file.type.toUpperCase(),
    file.pageCount !== null ? `${file.pageCount} 页` : null,
    file.durationSeconds !== null ? formatDuration(file.durationSeconds) : null,
    size ? formatBytes(file.size) : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** Display formats of the library screens: money in fen, counts, dates in Asia/Shanghai, file sizes. */

/** 0 → 免费, otherwise ¥ with two decimals, computed in integer fen (never floats). */
export const formatPrice = (fen: number): string => {
  if (fen <= 0) return '免费';
  const yuan = Math.floor(fen / 100);
  const cents = String(fen % 100).padStart(2, '0');
  return `¥${yuan}.${cents}`;
};

/** 9999 → 9999, 12345 → 1.2万, 100000 → 10万. */
export const formatCount = (n: number): string => {
  if (n < 10_000) return String(n);
  const tenThousands = Math.floor(n / 1_000) / 10;
  return `${tenThousands.toFixed(1).replace(/\.0$/, '')}万`;
};

const DATE = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const parts = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const out: Record<string, string> = {};
  for (const part of DATE.formatToParts(date)) out[part.type] = part.value;
  return out;
};

/** 2026-11-22 (China time); '' for a missing or broken date. */
export const formatDate = (iso: string | null | undefined): string => {
  const p = iso ? parts(iso) : null;
  return p ? `${p.year}-${p.month}-${p.day}` : '';
};

/** 2026-11-22 08:05 (China time). */
export const formatDateTime = (iso: string | null | undefined): string => {
  const p = iso ? parts(iso) : null;
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
};

/** 532 B, 12.5 KB, 3.2 MB, 1.1 GB. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
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

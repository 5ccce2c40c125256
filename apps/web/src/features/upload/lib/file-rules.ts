import { UPLOAD } from '@zyk/shared';

/**
 * Pure rules about files the upload helper and the screens share (SPEC.md §5, §9): which extensions go through the
 * chunked protocol, how a name is shortened for display, how sizes and prices are written. No DOM, no React.
 */

const MEDIA = new Set<string>([...UPLOAD.videoExtensions, ...UPLOAD.audioExtensions]);
const DOCUMENTS = new Set<string>(UPLOAD.documentExtensions);
const IMAGES = new Set(['jpg', 'jpeg', 'gif', 'png', 'bmp']);

export const IMAGE_EXTENSIONS: readonly string[] = [...IMAGES];
export const MEDIA_EXTENSIONS: readonly string[] = [...MEDIA];
export const DOCUMENT_EXTENSIONS: readonly string[] = [...DOCUMENTS];

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
};

/** The name without its extension: the title a resource gets by default. */
export const baseNameOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
};

/** Video and audio go through the chunked upload, everything else through the form upload (SPEC.md §5). */
export const isMediaFile = (name: string) => MEDIA.has(extensionOf(name));
export const isImageFile = (name: string) => IMAGES.has(extensionOf(name));
export const isDocumentFile = (name: string) => DOCUMENTS.has(extensionOf(name));

/** Names longer than 9 characters are shown as their first 8 characters and an ellipsis (SPEC.md §9). */
export const SHORT_NAME_MAX = 9;
export const SHORT_NAME_KEEP = 8;
export const shortName = (name: string) => {
  const chars = Array.from(name); // code points: a CJK character or an emoji counts once
  return chars.length > SHORT_NAME_MAX ? `${chars.slice(0, SHORT_NAME_KEEP).join('')}…` : name;
};

/** 1536 → '1.5 KB'; the notice's units (M, G) are binary, as the server's limits are. */
export const formatBytes = (bytes: number) => {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
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

/** A bitrate in bits per second as a transfer speed. */
export const formatSpeed = (bitsPerSecond: number) =>
  bitsPerSecond > 0 ? `${formatBytes(Math.round(bitsPerSecond / 8))}/s` : '';

/**
 * A price typed in 元 (up to two decimals) as integer 分, without floating-point drift: '19.99' → 1999.
 * Null for anything that is not a non-negative amount with at most two decimals.
 */
export const yuanToFen = (yuan: number | string | null | undefined): number | null => {
  if (yuan === null || yuan === undefined) return null;
  const text = typeof yuan === 'number' ? (Number.isFinite(yuan) ? String(yuan) : '') : yuan.trim();
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) {
    // Numbers such as 1e-7 or 0.1 + 0.2 come through String() with more digits: round them to the fen.
    if (typeof yuan === 'number' && Number.isFinite(yuan) && yuan >= 0 && yuan < 1e9) return Math.round(yuan * 100);
    return null;
  }
  const whole = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
};

/** Integer 分 back to 元 for display: 1999 → '19.99', 0 → '0'. */
export const fenToYuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

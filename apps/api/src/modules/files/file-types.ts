import { UPLOAD } from '@zyk/shared';

export type FileKind = 'document' | 'video' | 'audio' | 'image' | 'other';
/** Extensions that are interchangeable by content (a .doc that is really a .docx is still a Word document). */
export type Family = 'word' | 'excel' | 'powerpoint' | 'pdf' | 'text' | 'image' | 'media';

const FAMILY_OF: Record<string, Family> = {
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  pdf: 'pdf',
  txt: 'text',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  png: 'image',
  bmp: 'image',
};

const DOCUMENT = new Set<string>(UPLOAD.documentExtensions);
const VIDEO = new Set<string>(UPLOAD.videoExtensions);
const AUDIO = new Set<string>(UPLOAD.audioExtensions);

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
};

export const isDocumentExtension = (ext: string) => DOCUMENT.has(ext);
export const isMediaExtension = (ext: string) => VIDEO.has(ext) || AUDIO.has(ext);
export const isAudioExtension = (ext: string) => AUDIO.has(ext);
export const familyOf = (ext: string): Family | null => FAMILY_OF[ext] ?? (isMediaExtension(ext) ? 'media' : null);

/** Office formats go through LibreOffice for preview; the rest preview directly. */
export const isOfficeFamily = (family: string) => family === 'word' || family === 'excel' || family === 'powerpoint';

/** C0/C1 controls, DEL, bidi overrides and isolates, zero-width characters and the BOM. */
const isInvisible = (c: number) =>
  c < 0x20 ||
  (c >= 0x7f && c <= 0x9f) ||
  (c >= 0x200b && c <= 0x200f) ||
  (c >= 0x202a && c <= 0x202e) ||
  (c >= 0x2066 && c <= 0x2069) ||
  c === 0xfeff;

/** `name` without control and invisible formatting characters. */
export const stripInvisible = (name: string) =>
  name
    .split('')
    .filter((ch) => !isInvisible(ch.charCodeAt(0)))
    .join('');

/**
 * A user's file name made safe to keep and show: no path (either separator), no control or bidi-override
 * characters, trimmed, at most 200 characters with the extension kept. Never used as a storage key.
 */
export const safeFileName = (raw: string) => {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .split('')
    .filter((ch) => !isInvisible(ch.charCodeAt(0)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (cleaned.length <= 200) return cleaned;
  const ext = extensionOf(cleaned);
  const keep = ext && ext.length <= 10 ? `.${ext}` : '';
  return `${[...cleaned.slice(0, cleaned.length - keep.length)].slice(0, 200 - keep.length).join('')}${keep}`;
};

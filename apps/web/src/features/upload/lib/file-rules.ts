import { formatBytes, UPLOAD } from '@zyk/shared';

/**
 * Pure rules about files the upload helper and the screens share: which extensions go through the
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

/** Video and audio go through the chunked upload, everything else through the form upload. */
export const isMediaFile = (name: string) => MEDIA.has(extensionOf(name));
export const isImageFile = (name: string) => IMAGES.has(extensionOf(name));
export const isDocumentFile = (name: string) => DOCUMENTS.has(extensionOf(name));

/** Names longer than 9 characters are shown as their first 8 characters and an ellipsis. */
export const SHORT_NAME_MAX = 9;
export const SHORT_NAME_KEEP = 8;
export const shortName = (name: string) => {
  const chars = Array.from(name); // code points: a CJK character or an emoji counts once
  return chars.length > SHORT_NAME_MAX ? `${chars.slice(0, SHORT_NAME_KEEP).join('')}…` : name;
};

/** A bitrate in bits per second as a transfer speed. */
export const formatSpeed = (bitsPerSecond: number) =>
  bitsPerSecond > 0 ? `${formatBytes(Math.round(bitsPerSecond / 8))}/s` : '';

/**
 * Text files are stored as uploaded: UTF-8 or GBK (the upload accepts both). Decode as UTF-8 when the bytes are
 * valid UTF-8 (a character cut off at the end of a partial read is allowed), otherwise as GBK.
 */
export const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
};

/** The total size from a `Content-Range: bytes 0-99/1234` header, or null. */
export const totalFromContentRange = (header: string | null): number | null => {
  const match = header?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : null;
};

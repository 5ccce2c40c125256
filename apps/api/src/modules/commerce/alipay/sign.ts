import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Alipay's RSA2 signatures: the parameters except `sign` (and, for notifications, `sign_type`), without empty
 * values, sorted by name and joined as `k=v&…` with the raw (not URL-encoded) values; RSA-SHA256, base64.
 */
export const signingContent = (params: Record<string, string | undefined>, exclude: readonly string[] = ['sign']) =>
  Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export const rsa2Sign = (content: string, privateKey: KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

export const rsa2Verify = (content: string, signature: string, publicKey: KeyObject) => {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
};

/** Alipay hands out bare base64 key bodies; accept those, full PEM, or a path to a file holding either. */
const pemText = (value: string, label: 'PRIVATE KEY' | 'PUBLIC KEY') => {
  const isKeyText = value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{100,}$/.test(value);
  const text = isKeyText ? value : readFileSync(value, 'utf8');
  if (text.includes('-----BEGIN')) return text;
  const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
};

export const loadPrivateKey = (value: string) => createPrivateKey(pemText(value, 'PRIVATE KEY'));
export const loadPublicKey = (value: string) => createPublicKey(pemText(value, 'PUBLIC KEY'));

/** Alipay's timestamp format, in Beijing time: `yyyy-MM-dd HH:mm:ss`. */
export const alipayTimestamp = (at = new Date()) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The exact text of `"<name>": {…}` in a gateway answer: Alipay signs that substring, so it must be cut out of
 * the raw text, not re-serialized.
 */
export const responseSubstring = (raw: string, name: string) => {
  const keyAt = raw.indexOf(`"${name}"`);
  if (keyAt < 0) return null;
  const start = raw.indexOf('{', keyAt);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return null;
};

import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chinaDateTime } from '@zyk/shared';

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

const HOW = '支持 PEM（PKCS#1 或 PKCS#8 / SPKI）、其 base64 正文，或存放它们的文件路径';

/**
 * A key setting as DER, with its PEM label if it had one: PEM text, bare base64 of the DER (what Alipay's key
 * tool shows: PKCS#1 for non-Java servers, PKCS#8 for Java), or a file holding either or raw DER. PEM is decoded
 * here rather than by OpenSSL so that a body pasted on one line, or with literal `\n` from an env file, still reads.
 */
const keyMaterial = (value: string, setting: string) => {
  let text = value.trim();
  let raw: Buffer | null = null;
  if (!text.includes('-----BEGIN') && !/^[A-Za-z0-9+/=\s]{100,}$/.test(text)) {
    try {
      raw = readFileSync(text);
    } catch {
      throw new Error(`${setting} 既不是密钥文本，也不是可读取的文件（${HOW}）`);
    }
    text = raw.toString('utf8').trim();
  }
  const pem = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text.replaceAll('\\n', '\n'));
  if (pem) return { der: Buffer.from((pem[2] ?? '').replace(/\s+/g, ''), 'base64'), label: pem[1] ?? '' };
  const bare = /^[A-Za-z0-9+/=\s]+$/.test(text);
  return { der: bare ? Buffer.from(text.replace(/\s+/g, ''), 'base64') : (raw ?? Buffer.alloc(0)), label: '' };
};

const firstRsaKey = <T extends string>(types: readonly T[], make: (type: T) => KeyObject) => {
  for (const type of types) {
    try {
      const key = make(type);
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // the next encoding may fit
    }
  }
  return null;
};

/** The app's RSA private key from a setting; an unusable one is a startup error naming the setting. */
export const loadPrivateKey = (value: string, setting = 'ALIPAY_PRIVATE_KEY') => {
  const { der, label } = keyMaterial(value, setting);
  if (label.includes('PUBLIC')) throw new Error(`${setting} 填的是公钥，这里需要应用私钥`);
  const types: ('pkcs1' | 'pkcs8')[] =
    label === 'RSA PRIVATE KEY' ? ['pkcs1'] : label === 'PRIVATE KEY' ? ['pkcs8'] : label ? [] : ['pkcs8', 'pkcs1'];
  const key = firstRsaKey(types, (type) => createPrivateKey({ key: der, format: 'der', type }));
  if (!key) throw new Error(`${setting} 不是可用的 RSA 私钥（${HOW}）`);
  return key;
};

/** Alipay's RSA public key from a setting. A private key is refused: deriving its public half would hide a mix-up. */
export const loadPublicKey = (value: string, setting = 'ALIPAY_PUBLIC_KEY') => {
  const { der, label } = keyMaterial(value, setting);
  const privateDer =
    !label && firstRsaKey(['pkcs8', 'pkcs1'] as const, (type) => createPrivateKey({ key: der, format: 'der', type }));
  if (label.includes('PRIVATE') || privateDer) throw new Error(`${setting} 填的是私钥，这里需要支付宝公钥`);
  const types: ('pkcs1' | 'spki')[] =
    label === 'RSA PUBLIC KEY' ? ['pkcs1'] : label === 'PUBLIC KEY' ? ['spki'] : label ? [] : ['spki', 'pkcs1'];
  const key = firstRsaKey(types, (type) => createPublicKey({ key: der, format: 'der', type }));
  if (!key) throw new Error(`${setting} 不是可用的 RSA 公钥（${HOW}）`);
  return key;
};

/** Alipay's timestamp format, in China time: `yyyy-MM-dd HH:mm:ss`. */
export const alipayTimestamp = (at = new Date()) => chinaDateTime(at);

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

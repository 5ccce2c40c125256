import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { pathOf, routes } from '@zyk/shared';
import type { Config } from '../../config.ts';
import { type Clock, nowMs, systemClock } from '../../lib/clock.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';

export type Disposition = 'inline' | 'attachment';
/** Which bytes of a file: the original, its preview PDF, or its thumbnail. */
export type FileVariant = '' | 'preview' | 'thumbnail';

export interface SignedUrlOptions {
  disposition?: Disposition;
  /** Seconds the URL stays valid (default 10 minutes, at most 7 days). */
  ttlSeconds?: number;
  variant?: FileVariant;
}

/**
 * Short-lived URLs for file bytes: `/api/file/content/<id>?exp=…&dl=…&sig=…`, an HMAC-SHA256 over id, variant,
 * expiry and disposition. Whoever holds the URL may fetch the bytes until it expires, so only hand one out after
 * deciding the user may read the file (canReadFile); the content route checks the signature alone.
 */
export class FileUrlSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock = systemClock,
  ) {}

  private mac(id: string, variant: string, exp: number, dl: string) {
    return createHmac('sha256', this.secret).update(`${id}\n${variant}\n${exp}\n${dl}`).digest('base64url');
  }

  url(fileId: string, options: SignedUrlOptions = {}) {
    const ttl = Math.min(Math.max(1, Math.floor(options.ttlSeconds ?? 600)), 7 * 86_400);
    const exp = Math.floor(nowMs(this.clock) / 1000) + ttl;
    const dl = options.disposition === 'attachment' ? '1' : '0';
    const variant = options.variant ?? '';
    const sig = this.mac(fileId, variant, exp, dl);
    return pathOf(routes.fileContent, { id: fileId }, { v: variant || undefined, exp, dl, sig });
  }

  /**
   * The base URL of a media derivative (HLS playlists and segments, posters, sample pages): the signature is in the
   * path and covers the file, the variant and the expiry, so the relative names inside a playlist resolve under it
   * and need no signing of their own. Append the object's name.
   */
  mediaBase(fileId: string, variant: string, ttlSeconds: number) {
    const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), 7 * 86_400);
    const exp = Math.floor(nowMs(this.clock) / 1000) + ttl;
    const sig = this.mac(fileId, `media:${variant}`, exp, '0');
    return pathOf(routes.fileMedia, { id: fileId, variant, exp, sig }).replace(/\*$/, '');
  }

  verifyMedia(fileId: string, variant: string, exp: number, sig: string) {
    return this.verify(fileId, { v: `media:${variant}`, exp, dl: '0', sig });
  }

  verify(fileId: string, q: { v?: string; exp: number; dl: string; sig: string }): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.mac(fileId, q.v ?? '', q.exp, q.dl));
    const given = Buffer.from(q.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return q.exp * 1000 < nowMs(this.clock) ? 'expired' : 'ok';
  }
}

/**
 * FILE_URL_SECRET when set; otherwise a random key made once and kept in DATA_DIR/secrets/file-url.key, so URLs
 * stay valid across restarts (several api instances must share DATA_DIR or set FILE_URL_SECRET).
 */
export const loadFileUrlSecret = async (config: Config) => {
  if (config.FILE_URL_SECRET) return Buffer.from(config.FILE_URL_SECRET, 'utf8');
  const text = await loadOrCreateSecret(config.DATA_DIR, 'file-url.key', () => randomBytes(32).toString('hex'));
  if (text.length < 32) throw new Error('DATA_DIR/secrets/file-url.key 内容有误：请删除后重启，或设置 FILE_URL_SECRET');
  return Buffer.from(text, 'utf8');
};

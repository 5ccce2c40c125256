import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MESSAGES } from '@zyk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRangeHeader from 'range-parser';
import { AppError } from '../../lib/errors.ts';
import type { ByteRange, ObjectStorage } from '../storage/types.ts';
import { stripInvisible } from './file-types.ts';
import type { Disposition } from './signing.ts';

/** What serving needs to know about a stored file (a StoredFile row, or a derivative described the same way). */
export interface ServableFile {
  storageKey: string;
  originalName: string;
  size: bigint | number;
  mimeType: string;
  /** Content hash (or any stable version tag) for the ETag. */
  sha256?: string | null;
  createdAt?: Date;
}

export interface ServeOptions {
  disposition: Disposition;
  /** Cache-Control max-age in seconds (default 0: revalidate). */
  maxAgeSeconds?: number;
}

const SAFE_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.rn-realmedia',
  'application/vnd.rn-realmedia-vbr',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'video/mp4',
  'video/quicktime',
  'video/3gpp',
  'video/x-flv',
  'video/x-msvideo',
  'video/x-matroska',
  'video/webm',
  'video/x-ms-wmv',
  'video/mpeg',
  'video/mp2t',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/flac',
  'audio/aac',
]);

/**
 * The Content-Type a user file is served with: known safe types as they are, text as text/plain with its charset,
 * everything else as application/octet-stream. Never text/html, SVG or anything a browser would run.
 */
export const safeContentType = (mime: string) => {
  const [type = '', ...params] = mime
    .toLowerCase()
    .split(';')
    .map((s) => s.trim());
  if (type === 'text/plain') {
    const charset = params.find((p) => p.startsWith('charset='))?.slice(8);
    return `text/plain; charset=${charset === 'gb18030' || charset === 'gbk' ? 'gb18030' : 'utf-8'}`;
  }
  return SAFE_TYPES.has(type) ? type : 'application/octet-stream';
};

/**
 * `inline|attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987).
 * Written here rather than with the `content-disposition` package: that one cuts the name at `/` and `\`
 * (a path basename), and leaves out `filename*` for plain ASCII names, so the header would lose characters.
 */
export const contentDisposition = (disposition: Disposition, name: string) => {
  const clean = stripInvisible(name) || 'file';
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

export type RangeRequest = { kind: 'full' } | { kind: 'ranges'; ranges: ByteRange[] } | { kind: 'unsatisfiable' };

const MAX_RANGES = 16;
const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * A Range header against a file of `size` bytes (RFC 9110 §14): `bytes=a-b`, `a-`, `-n`, comma separated.
 * Malformed or unit-less headers are ignored (full answer); overlapping ranges are merged.
 */
export const parseRange = (header: string | undefined, size: number): RangeRequest => {
  if (!header) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return { kind: 'full' };
  const specs = m[1]!.split(',').map((s) => s.trim());
  if (specs.length > MAX_RANGES) return { kind: 'full' };
  // range-parser reads more loosely (spaces inside a spec) and calls `5-1` unsatisfiable, where RFC 9110 makes the
  // whole header invalid, i.e. ignored.
  for (const spec of specs) {
    const r = RANGE_SPEC.exec(spec);
    if (!r || (r[1] === '' && r[2] === '')) return { kind: 'full' };
    if (r[1] !== '' && r[2] !== '' && Number(r[2]) < Number(r[1])) return { kind: 'full' };
  }
  // A suffix longer than the file means the whole file (RFC 9110 §14.1.1); range-parser would drop it instead.
  const isLongSuffix = (spec: string) => spec[0] === '-' && Number(spec.slice(1)) > 0 && Number(spec.slice(1)) >= size;
  if (size === 0) return specs.some(isLongSuffix) ? { kind: 'full' } : { kind: 'unsatisfiable' };
  const normalized = specs.map((spec) => (isLongSuffix(spec) ? '0-' : spec)).join(',');
  const ranges = parseRangeHeader(size, `bytes=${normalized}`, { combine: true });
  if (ranges === -2) return { kind: 'full' };
  if (ranges === -1) return { kind: 'unsatisfiable' };
  // range-parser keeps the header's order; parts go out in file order.
  return { kind: 'ranges', ranges: ranges.map(({ start, end }) => ({ start, end })).sort((a, b) => a.start - b.start) };
};

/**
 * Answers a stored file's bytes: 200 whole, 206 for one range (players seek with many such requests), 206
 * multipart/byteranges for several, 416 outside the file, 304 when the client's copy is current. Headers make the
 * browser treat it as data: a safe Content-Type, nosniff, a Content-Disposition with the UTF-8 file name.
 * Authorization is the caller's.
 */
export const serveStoredFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServableFile,
  options: ServeOptions,
  storage: ObjectStorage = request.server.storage,
) => {
  const size = Number(file.size);
  const type = safeContentType(file.mimeType);
  const etag = file.sha256 ? `"${file.sha256.slice(0, 40)}"` : null;
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-disposition', contentDisposition(options.disposition, file.originalName));
  reply.header('cache-control', `private, max-age=${options.maxAgeSeconds ?? 0}`);
  if (etag) reply.header('etag', etag);
  if (file.createdAt) reply.header('last-modified', file.createdAt.toUTCString());

  if (etag && request.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const honourRange = !ifRange || (etag !== null && ifRange === etag);
  const range = honourRange ? parseRange(request.headers.range, size) : ({ kind: 'full' } as const);
  const head = request.method === 'HEAD';

  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', MESSAGES.file.rangeNotSatisfiable);
  }
  if (range.kind === 'full' || size === 0) {
    reply.status(200).header('content-type', type).header('content-length', String(size));
    if (head || size === 0) return reply.send();
    return reply.send(await openStream(storage, file.storageKey));
  }
  if (range.ranges.length === 1) {
    const r = range.ranges[0]!;
    reply
      .status(206)
      .header('content-type', type)
      .header('content-range', `bytes ${r.start}-${r.end}/${size}`)
      .header('content-length', String(r.end - r.start + 1));
    if (head) return reply.send();
    return reply.send(await openStream(storage, file.storageKey, r));
  }
  // Several ranges: multipart/byteranges, each part with its own Content-Type and Content-Range.
  const boundary = `zyk-${randomBytes(12).toString('hex')}`;
  const heads = range.ranges.map(
    (r) => `\r\n--${boundary}\r\nContent-Type: ${type}\r\nContent-Range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const length =
    heads.reduce((sum, h) => sum + Buffer.byteLength(h), 0) +
    range.ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0) +
    Buffer.byteLength(tail);
  reply
    .status(206)
    .header('content-type', `multipart/byteranges; boundary=${boundary}`)
    .header('content-length', String(length));
  if (head) return reply.send();
  const parts = range.ranges;
  return reply.send(
    Readable.from(
      (async function* () {
        for (let i = 0; i < parts.length; i++) {
          yield Buffer.from(heads[i]!);
          for await (const chunk of await storage.get(file.storageKey, parts[i])) yield chunk as Buffer;
        }
        yield Buffer.from(tail);
      })(),
      { objectMode: false },
    ),
  );
};

const openStream = async (storage: ObjectStorage, key: string, range?: ByteRange) => {
  try {
    return await storage.get(key, range);
  } catch (error) {
    if ((error as Error).name === 'StorageNotFoundError') throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
    throw error;
  }
};

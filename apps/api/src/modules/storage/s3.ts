import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { pipeInto } from '../../lib/streams.ts';
import {
  assertKey,
  ByteCounter,
  type ByteRange,
  type ObjectStorage,
  type PresignOptions,
  StorageNotFoundError,
  type StoredObject,
} from './types.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  pathStyle: boolean;
}

/** S3 refuses multipart parts below this size, except the last one. */
export const S3_MIN_PART = 5 * 1024 * 1024;
/** Parts of a put whose size is unknown are buffered up to this size (memory per upload is bounded by it). */
const BUFFERED_PART = 8 * 1024 * 1024;
const SINGLE_PUT_MAX = 5 * 1024 * 1024 * 1024;

type RequestOptions = Parameters<Client['makeRequestAsync']>[0];

const notFound = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
};

const drain = async (res: IncomingMessage) => {
  for await (const _ of res) {
    // discard
  }
};

/** Reads up to `size` bytes from an async iterator of buffers, keeping the remainder for the next call. */
const partReader = (source: AsyncIterator<Buffer>) => {
  let pending: Buffer | null = null;
  let done = false;
  return async (size: number): Promise<Buffer | null> => {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < size) {
      let chunk: Buffer;
      if (pending) {
        chunk = pending;
        pending = null;
      } else {
        if (done) break;
        const next = await source.next();
        if (next.done) {
          done = true;
          break;
        }
        chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      }
      const room = size - have;
      if (chunk.length > room) {
        parts.push(chunk.subarray(0, room));
        pending = chunk.subarray(room);
        have += room;
      } else {
        parts.push(chunk);
        have += chunk.length;
      }
    }
    if (have === 0) return null;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, have);
  };
};

/**
 * S3 / MinIO through the `minio` client. Payloads go unsigned (UNSIGNED-PAYLOAD): the client would otherwise
 * SHA-256 every byte it sends over plain HTTP just to sign it, which costs more CPU than the upload itself on
 * machines without SHA instructions; integrity of stored files is checked by our own SHA-256 instead.
 * Request retries inside the client are off because streamed bodies cannot be replayed; callers retry.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: Client;
  readonly bucket: string;
  private readonly region: string;

  constructor(settings: S3Settings) {
    const url = new URL(settings.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: settings.pathStyle,
      retryOptions: { disableRetry: true },
    });
    (this.client as unknown as { enableSHA256: boolean }).enableSHA256 = false;
    this.bucket = settings.bucket;
    this.region = settings.region;
  }

  /** Creates the bucket when it does not exist yet (docker-compose creates it too). */
  async init() {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
  }

  /** One signed request whose body is streamed with a known length. */
  private async send(options: RequestOptions, body: Readable | Buffer | string, length: number, codes = [200]) {
    const headers = { ...(options.headers ?? {}), 'content-length': String(length) };
    return this.client.makeRequestStreamAsync(
      { ...options, bucketName: this.bucket, headers },
      body,
      '',
      codes,
      this.region,
    );
  }

  private async putSingle(key: string, body: Readable | Buffer, size: number, contentType?: string) {
    const res = await this.send(
      { method: 'PUT', objectName: key, headers: contentType ? { 'content-type': contentType } : {} },
      body,
      size,
    );
    await drain(res);
  }

  async put(key: string, body: Readable | Buffer, options: { size?: number; contentType?: string } = {}) {
    assertKey(key);
    if (Buffer.isBuffer(body)) {
      await this.putSingle(key, body, body.length, options.contentType);
      return { size: body.length };
    }
    if (options.size !== undefined && options.size <= SINGLE_PUT_MAX) {
      const counter = new ByteCounter();
      await this.putSingle(key, pipeInto(body, counter), options.size, options.contentType);
      if (counter.bytes !== options.size)
        throw new Error(`stream ended after ${counter.bytes} of ${options.size} bytes`);
      return { size: counter.bytes };
    }
    // Unknown length: parts of BUFFERED_PART bytes; a short stream becomes one plain PUT.
    const read = partReader(body[Symbol.asyncIterator]());
    const first = await read(BUFFERED_PART);
    if (!first || first.length < BUFFERED_PART) {
      const buffer = first ?? Buffer.alloc(0);
      await this.putSingle(key, buffer, buffer.length, options.contentType);
      return { size: buffer.length };
    }
    const uploadId = await this.createMultipart(key, options.contentType);
    try {
      const parts: { part: number; etag: string }[] = [];
      let size = 0;
      let part: Buffer | null = first;
      for (let n = 1; part; n++) {
        parts.push({ part: n, etag: await this.uploadPart(key, uploadId, n, part, part.length) });
        size += part.length;
        part = await read(BUFFERED_PART);
      }
      await this.completeMultipart(key, uploadId, parts);
      return { size };
    } catch (error) {
      await this.abortMultipart(key, uploadId).catch(() => {});
      body.destroy();
      throw error;
    }
  }

  async get(key: string, range?: ByteRange) {
    assertKey(key);
    try {
      return range
        ? await this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1)
        : await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (notFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string) {
    assertKey(key);
    try {
      const s = await this.client.statObject(this.bucket, key);
      return { size: s.size };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    // ListObjectsV2 pages of 1000, fetched as the caller reads.
    const stream = this.client.listObjectsV2(this.bucket, '', true);
    for await (const item of stream as AsyncIterable<{ name?: string; size?: number }>) {
      if (item.name) yield { key: item.name, size: item.size ?? 0 };
    }
  }

  async delete(key: string) {
    assertKey(key);
    await this.client.removeObject(this.bucket, key);
  }

  async deleteMany(keys: string[]) {
    for (const key of keys) assertKey(key);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.removeObjects(this.bucket, keys.slice(i, i + 1000));
    }
  }

  async presignedGet(key: string, options: PresignOptions) {
    assertKey(key);
    return this.client.presignedGetObject(this.bucket, key, options.ttlSeconds, {
      ...(options.contentType ? { 'response-content-type': options.contentType } : {}),
      ...(options.contentDisposition ? { 'response-content-disposition': options.contentDisposition } : {}),
    });
  }

  localPath() {
    return null;
  }

  async check() {
    return this.client.bucketExists(this.bucket);
  }

  async close() {}

  // ---- multipart (the chunked-upload assembly in modules/uploads/assembly.ts) ----

  async createMultipart(key: string, contentType?: string) {
    assertKey(key);
    return this.client.initiateNewMultipartUpload(this.bucket, key, contentType ? { 'content-type': contentType } : {});
  }

  /** Streams one part of exactly `size` bytes; answers its ETag. */
  async uploadPart(key: string, uploadId: string, partNumber: number, body: Readable | Buffer, size: number) {
    const res = await this.send(
      { method: 'PUT', objectName: key, query: `partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}` },
      body,
      size,
    );
    await drain(res);
    const etag = String(res.headers.etag ?? '').replace(/^"|"$/g, '');
    if (!etag) throw new Error(`part ${partNumber} of ${key} answered without an ETag`);
    return etag;
  }

  async completeMultipart(key: string, uploadId: string, parts: { part: number; etag: string }[]) {
    await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
  }

  async abortMultipart(key: string, uploadId: string) {
    await this.client.abortMultipartUpload(this.bucket, key, uploadId);
  }

  /** Several objects read one after another as one stream (staged chunks joined into a part). */
  concat(keys: string[]) {
    const self = this;
    return Readable.from(
      (async function* () {
        for (const key of keys) {
          const stream = await self.get(key);
          for await (const chunk of stream) yield chunk as Buffer;
        }
      })(),
      { objectMode: false },
    );
  }
}

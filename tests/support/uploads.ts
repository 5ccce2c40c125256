import http from 'node:http';
import { encryptPassword, routes, UPLOAD } from '@zyk/shared';
import type { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { DEMO_PASSWORD, TRANSPORT_KEY } from './auth.ts';
import { dropEvidence } from './captcha.ts';

/** Talking to the upload endpoints the way the web's upload helper does, with a session cookie. */

export interface ChunkAnswerJson {
  code: number;
  success: boolean;
  msg: string;
  data: { result: number; received: number; fileId: string | null } | null;
  result?: number;
  received?: number;
}

export const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * Logs in through the real login flow over HTTP, for an api running as its own process (the built server, the
 * benchmark's api): the slider's answer is read from the puzzle record in that api's database. Answers the cookie.
 */
export const loginOverHttp = async (
  baseUrl: string,
  prisma: ReturnType<typeof createPrisma>,
  username: string,
  password = DEMO_PASSWORD,
) => {
  const puzzle = await (await fetch(`${baseUrl}${routes.getImgSwipe.path}`)).json();
  const serial = puzzle.data.captchaSerialNumber as string;
  const { x } = await prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  const answer = { captchaSerialNumber: serial, moveEnd_X: x, wbili: 1 };
  const post = (p: string, body: unknown) =>
    fetch(`${baseUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post(routes.rstImgSwipe.path, { ...answer, ...dropEvidence(serial, x) });
  const res = await post(routes.newLogin.path, {
    username,
    password: encryptPassword(password, TRANSPORT_KEY),
    verifyImageResult: answer,
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};

export const postDocument = async (baseUrl: string, cookie: string, name: string, bytes: Buffer, field = 'file') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${baseUrl}/api/upload/document`, { method: 'POST', headers: { cookie }, body: form });
  return {
    status: res.status,
    json: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> },
  };
};

export interface VideoInfo {
  uri: string;
  ccvid: string;
  uid: string;
  metauri: string;
  servicetype: string;
}

export const initVideo = async (baseUrl: string, cookie: string, filename: string, filesize: number) => {
  const res = await fetch(`${baseUrl}/api/upload/video/init`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ filename, filesize }),
  });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: VideoInfo } };
};

export const queryPosition = async (
  baseUrl: string,
  cookie: string,
  info: VideoInfo,
  filename: string,
  size: number,
) => {
  const q = new URLSearchParams({
    ccvid: info.ccvid,
    uid: info.uid,
    filename,
    filesize: String(size),
    servicetype: info.servicetype,
  });
  const res = await fetch(`${baseUrl}${info.metauri}?${q}`, { headers: { cookie } });
  return { status: res.status, json: (await res.json()) as ChunkAnswerJson };
};

/** POSTs bytes [start, start + data.length) of a `total`-byte file to the upload's uri. */
export const sendChunk = async (
  baseUrl: string,
  cookie: string,
  info: VideoInfo,
  start: number,
  data: Buffer,
  total: number,
  range = `bytes ${start}-${start + data.length - 1}/${total}`,
) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'blob');
  const res = await fetch(`${baseUrl}${info.uri}`, {
    method: 'POST',
    headers: { cookie, 'content-range': range },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as ChunkAnswerJson };
};

/**
 * The web client's loop: ask where to resume, send chunks one at a time from there, follow `received`.
 * `baseUrls` may name several api instances (chunks go round-robin).
 */
export const uploadVideo = async (
  baseUrls: string | string[],
  cookie: string,
  info: VideoInfo,
  filename: string,
  data: Buffer,
  chunkSize: number = UPLOAD.chunkBytes,
) => {
  const urls = Array.isArray(baseUrls) ? baseUrls : [baseUrls];
  let n = 0;
  const position = await queryPosition(urls[0]!, cookie, info, filename, data.length);
  let received = position.json.data!.received;
  if (position.json.data!.result === 1) return position.json;
  for (;;) {
    const chunk = data.subarray(received, Math.min(data.length, received + chunkSize));
    const answer = await sendChunk(urls[n++ % urls.length]!, cookie, info, received, chunk, data.length);
    if (answer.json.data?.result === 1) return answer.json;
    if (answer.json.data?.result !== 0) throw new Error(`chunk failed: ${JSON.stringify(answer.json)}`);
    received = answer.json.data.received;
  }
};

/** A chunk POSTed in two halves: the second half only when `sendRest` is called (or the connection `cut` instead). */
export const chunkInTwoHalves = (
  baseUrl: string,
  cookie: string,
  info: VideoInfo,
  start: number,
  chunk: Buffer,
  total: number,
) => {
  const boundary = 'halves-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${baseUrl}${info.uri}`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: {
      cookie,
      'content-range': `bytes ${start}-${start + chunk.length - 1}/${total}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + chunk.length + tail.length,
    },
  });
  const response = new Promise<{ status: number; json: ChunkAnswerJson }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(parts).toString()) }));
    });
  });
  req.write(head);
  const halfSent = new Promise<void>((sent) => req.write(chunk.subarray(0, chunk.length / 2), () => sent()));
  return {
    halfSent,
    response,
    sendRest: () => {
      req.write(chunk.subarray(chunk.length / 2));
      req.end(tail);
    },
    cut: () => {
      response.catch(() => {}); // the request fails: expected
      req.destroy();
    },
  };
};

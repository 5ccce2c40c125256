import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@zyk/shared';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx, executable, ole, pdf, png, sha256, xlsx, zip } from '../support/files.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/** Form upload of documents: types checked by content, 50 MiB limit, streamed, nothing kept on rejection. */

let t: TestApp;
let cookie: string;
let dataDir: string;

/** Every stored object file (not temp or upload staging) under the local storage folder. */
const storedObjects = () => {
  const root = path.join(dataDir, 'objects', 'f');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else out.push(path.join(dir, e.name));
    }
  };
  try {
    walk(root);
  } catch {
    // no objects yet
  }
  return out;
};
const leftoverTemp = () => readdirSync(path.join(dataDir, 'objects', '.tmp'));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-docs-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMITS: 'false', JOB_WORKER: 'false' } });
  cookie = cookieOf((await loginAs(t, 'lijg')).jar);
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

const fetchSigned = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.url}${url}`, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe('document upload', () => {
  it.each([
    ['教案.pdf', pdf(), 'application/pdf', 'document'],
    [
      '分数的初步认识.docx',
      docx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'document',
    ],
    ['成绩.xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
    ['旧教案.doc', ole('WordDocument'), 'application/msword', 'document'],
    ['旧成绩.xls', ole('Workbook'), 'application/vnd.ms-excel', 'document'],
    ['旧课件.ppt', ole('PowerPoint Document'), 'application/vnd.ms-powerpoint', 'document'],
    [
      '说明.txt',
      Buffer.from('第一课 认识分数\r\n把一个整体平均分。\n', 'utf8'),
      'text/plain; charset=utf-8',
      'document',
    ],
    ['说明-gbk.txt', iconv.encode('第一课 认识分数\r\n', 'gbk'), 'text/plain; charset=gb18030', 'document'],
    ['板书.png', png(), 'image/png', 'image'],
    ['照片.JPG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), 'image/jpeg', 'image'],
  ])('stores %s, answers its id/name/size/type, and serves back the same bytes', async (name, bytes, mime, kind) => {
    const { status, json } = await postDocument(t.url, cookie, name, bytes);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.code).toBe(0);
    const view = json.data as { id: string; name: string; size: number; type: string; mimeType: string; kind: string };
    expect(view).toMatchObject({ name, size: bytes.length, mimeType: mime, kind, sha256: sha256(bytes) });
    expect(view.type).toBe(path.extname(name).slice(1).toLowerCase());
    const row = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: view.id } });
    expect(row.storageKey).toMatch(/^f\/[a-z2-7]{2}\/[a-z2-7]{26}$/); // a generated key, never the user's name
    expect(Number(row.size)).toBe(bytes.length);

    const info = await fetch(`${t.url}/api/file/info/${view.id}`, { headers: { cookie } }).then((r) => r.json());
    const { res, body } = await fetchSigned(info.data.downloadUrl);
    expect(res.status).toBe(200);
    expect(sha256(body)).toBe(sha256(bytes));
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  it('rejects a 51 MiB document with the spec message, storing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    const objects = storedObjects().length;
    const big = Buffer.concat([pdf(), Buffer.alloc(51 * 1024 * 1024, 0x20)]);
    const { status, json } = await postDocument(t.url, cookie, '大文件.pdf', big);
    expect(status).toBe(413);
    expect(json.msg).toBe(MESSAGES.upload.attachmentTooLarge);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    expect(storedObjects().length).toBe(objects);
    expect(leftoverTemp()).toEqual([]);
  });

  it.each([
    ['setup.pdf', executable(), MESSAGES.upload.contentMismatch],
    ['课件.docx', Buffer.concat([Buffer.from('MZ'), executable(8000)]), MESSAGES.upload.contentMismatch],
    ['课件.pptx', zip({ 'readme.txt': 'not an office file' }), MESSAGES.upload.contentMismatch],
    ['教案.docx', xlsx(), MESSAGES.upload.contentMismatch],
    ['成绩.xls', ole('WordDocument'), MESSAGES.upload.contentMismatch],
    ['图片.png', pdf(), MESSAGES.upload.contentMismatch],
    ['说明.txt', Buffer.from('abc\0def'), MESSAGES.upload.textNotReadable],
    ['说明.txt', executable(), MESSAGES.upload.textNotReadable],
    ['病毒.exe', executable(), MESSAGES.upload.documentTypeNotAllowed],
    ['页面.html', Buffer.from('<script>alert(1)</script>'), MESSAGES.upload.documentTypeNotAllowed],
    ['图标.svg', Buffer.from('<svg onload="alert(1)"/>'), MESSAGES.upload.documentTypeNotAllowed],
    ['视频.mp4', Buffer.alloc(100), MESSAGES.upload.mediaTypeNotAllowed],
    ['无扩展名', pdf(), MESSAGES.upload.documentTypeNotAllowed],
  ])('rejects %s (renamed or disallowed) with 415, storing nothing', async (name, bytes, msg) => {
    const before = await databaseFingerprint(t.databaseUrl);
    const objects = storedObjects().length;
    const { status, json } = await postDocument(t.url, cookie, name, bytes);
    expect(status).toBe(415);
    expect(json.msg).toBe(msg);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    expect(storedObjects().length).toBe(objects);
  });

  it('rejects an empty file and a form without a file part', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    const empty = await postDocument(t.url, cookie, '空白.txt', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe(MESSAGES.upload.emptyFile);
    const form = new FormData();
    form.append('title', '没有文件');
    const res = await fetch(`${t.url}/api/upload/document`, { method: 'POST', headers: { cookie }, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe(MESSAGES.upload.noFile);
    const json = await fetch(`${t.url}/api/upload/document`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it('requires login, changing nothing', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    const { status, json } = await postDocument(t.url, '', '教案.pdf', pdf());
    expect(status).toBe(401);
    expect(json.msg).toBe('请先登录');
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\老师\\Desktop\\教案.pdf', '教案.pdf'],
    ['a\u0000b\u0007c\u202etxt.pdf', 'abctxt.pdf'],
    ['..\\..\\..\\boot.pdf', 'boot.pdf'],
    ['  ..hidden.pdf  ', 'hidden.pdf'],
  ])('keeps the file name %j only as safe metadata (%s)', async (raw, expected) => {
    const { status, json } = await postDocument(t.url, cookie, raw, pdf());
    expect(status).toBe(200);
    expect(json.data.name).toBe(expected);
  });

  it('shortens a 300-character file name keeping its extension, and serves it with an RFC 5987 name', async () => {
    const raw = `${'数'.repeat(296)}.pdf`;
    const { status, json } = await postDocument(t.url, cookie, raw, pdf());
    expect(status).toBe(200);
    const name = json.data.name as string;
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.pdf')).toBe(true);
    const info = await fetch(`${t.url}/api/file/info/${json.data.id}`, { headers: { cookie } }).then((r) => r.json());
    const { res } = await fetchSigned(info.data.downloadUrl);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="_+\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
  });
});

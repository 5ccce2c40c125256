import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { newId } from '../../apps/api/src/modules/storage/keys.ts';
import { startTestApp, type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/** Downloads and file access go through one rule: free/published, the author, an admin, or (later) a buyer. */
let t: TestApp;
let author: Awaited<ReturnType<typeof loginAs>>;
let reader: Awaited<ReturnType<typeof loginAs>>;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  author = await loginAs(t, 'lijg');
  reader = await loginAs(t, 'zhangxm');
});

const TEXT = '一元二次方程的解法：配方法、公式法、因式分解法。\n';

const publishFile = async (
  price: number,
  approve = true,
  file: { name: string; bytes: Buffer } = { name: '方程讲义.txt', bytes: Buffer.from(TEXT.repeat(50)) },
) => {
  const up = await postDocument(t.url, cookieOf(author.jar), file.name, file.bytes);
  expect(up.json.code, up.json.msg).toBe(0);
  const { stageId, subjectId } = await dictIds(t, '初中', '数学');
  const res = await author.call(routes.publishDocument, {
    body: {
      title: `方程讲义 ${price}`,
      stageId,
      subjectId,
      fileIds: [String(up.json.data.id)],
      price,
      type: 'DOCUMENT',
    },
  });
  if (approve) await createReviewAdmin(t.prisma).approve(res.data.id);
  return { id: res.data.id, fileId: String(up.json.data.id) };
};

describe('downloads', () => {
  it('a free published resource downloads with its original name, counted and recorded', async () => {
    const { id } = await publishFile(0);
    const res = await reader.call(routes.download, { query: { id } });
    expect(res.data.fileName).toBe('方程讲义.txt');
    const file = await fetch(`${t.url}${res.data.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(await file.text()).toBe(TEXT.repeat(50));
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(1);
    const mine = await reader.call(routes.myDownloads, { body: { current: 1, size: 10 } });
    expect(mine.data.objList[0]).toMatchObject({ id, times: 1 });
    await reader.call(routes.download, { query: { id } });
    expect((await reader.call(routes.myDownloads, { body: { current: 1, size: 10 } })).data.objList[0]!.times).toBe(2);
    await reader.call(routes.downloadDelete, { query: { id } });
    expect((await reader.call(routes.myDownloads, { body: { current: 1, size: 10 } })).data.pageBean.totalCount).toBe(
      0,
    );
  });

  it('a paid resource downloads for its author only (until bought), and nothing is counted on refusal', async () => {
    const { id, fileId } = await publishFile(500);
    const refused = await reader.call(routes.download, { query: { id } });
    expect(refused).toMatchObject({ code: 40300, msg: '该资源为付费资源，购买后即可下载' });
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(0);
    const detail = await reader.call(routes.resourceOpen, { query: { id } });
    expect(detail.data.canDownload).toBe(false);
    expect((await author.call(routes.download, { query: { id } })).code).toBe(0);
    // The file itself follows the same rule: a non-buyer's preview is the sample, never the file's URL.
    const preview = await reader.call(routes.onlinePreview, { query: { fileId } });
    expect(preview.data).toMatchObject({ sample: true, url: null });
  });

  it('an unpublished resource’s files are its author’s only; an unknown file is refused', async () => {
    const { id, fileId } = await publishFile(0, false);
    expect((await reader.call(routes.download, { query: { id } })).code).toBe(40300);
    expect((await reader.call(routes.onlinePreview, { query: { fileId } })).code).not.toBe(0);
    expect((await author.call(routes.onlinePreview, { query: { fileId } })).code).toBe(0);
    await createReviewAdmin(t.prisma).approve(id);
    expect((await reader.call(routes.onlinePreview, { query: { fileId } })).code).toBe(0);
    expect((await reader.call(routes.download, { query: { id, fileId: 'not-a-file-of-it' } })).code).toBe(40400);
  });

  it('a visitor downloads a free resource without logging in: counted, in nobody’s history', async () => {
    const { id } = await publishFile(0);
    const visitor = t.client();
    const detail = await visitor.call(routes.resourceOpen, { query: { id } });
    expect(detail.data.canDownload).toBe(true);
    const res = await visitor.call(routes.download, { query: { id } });
    expect(res.code, res.msg).toBe(0);
    const file = await fetch(`${t.url}${res.data.url}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(TEXT.repeat(50));
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(1);
    expect(await t.prisma.downloadHistory.count({ where: { resourceId: id } })).toBe(0);
    // The signed address is short-lived and for this file only: a changed signature is refused.
    expect((await fetch(`${t.url}${res.data.url.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(403);
  });

  it('a visitor is refused a paid or unpublished resource, and nothing is counted', async () => {
    const visitor = t.client();
    const paid = await publishFile(500);
    const refused = await visitor.call(routes.download, { query: { id: paid.id } });
    expect(refused).toMatchObject({ code: 40300, msg: '该资源为付费资源，购买后即可下载' });
    expect((await visitor.call(routes.resourceOpen, { query: { id: paid.id } })).data.canDownload).toBe(false);
    const pending = await publishFile(0, false);
    expect((await visitor.call(routes.download, { query: { id: pending.id } })).code).toBe(40300);
    for (const id of [paid.id, pending.id]) {
      expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(0);
    }
  });

  it("a paid resource's thumbnails show on its cards to everyone; an image that is its own thumbnail does not", async () => {
    /** Status, headers and the whole body (a body left unread would keep its connection busy). */
    const thumbnail = async (fileId: string, cookie?: string) => {
      const res = await fetch(`${t.url}/api/file/thumbnail/${fileId}`, cookie ? { headers: { cookie } } : {});
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    };
    const paid = await publishFile(800);
    const seen = await thumbnail(paid.fileId);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toMatch(/^image\//);
    // The file itself is still refused: the preview is the sample, without the file's URL.
    expect((await reader.call(routes.onlinePreview, { query: { fileId: paid.fileId } })).data).toMatchObject({
      sample: true,
      url: null,
    });
    // Not published yet: nothing of it is shown.
    const pending = await publishFile(800, false);
    expect((await thumbnail(pending.fileId)).status).toBe(401);
    expect((await thumbnail(pending.fileId, cookieOf(reader.jar))).status).toBe(403);

    // An image scaled by nobody (no ffmpeg) is its own thumbnail: a non-buyer gets the placeholder, the author the image.
    const image = png(40, 30);
    const photo = await publishFile(300, true, { name: '板书.png', bytes: image });
    const busy = { fileId: photo.fileId, status: { in: ['pending', 'running'] } };
    await expect.poll(() => t.prisma.fileDerivative.count({ where: busy }), { timeout: 15_000 }).toBe(0);
    await t.prisma.fileDerivative.deleteMany({ where: { fileId: photo.fileId } });
    await t.prisma.fileDerivative.create({
      data: { id: newId(), fileId: photo.fileId, variant: 'thumbnail', status: 'ready', source: 'original' },
    });
    const stranger = await thumbnail(photo.fileId, cookieOf(reader.jar));
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('x-thumbnail')).toBe('placeholder');
    expect(stranger.body.equals(image)).toBe(false);
    const own = await thumbnail(photo.fileId, cookieOf(author.jar));
    expect(own.body.equals(image)).toBe(true);
  });
});

describe('downloads where the district asks for a login (DOWNLOAD_REQUIRES_LOGIN=true)', () => {
  let strict: TestApp;
  testAppFor((app) => (strict = app), { env: { RATE_LIMITS: 'false', DOWNLOAD_REQUIRES_LOGIN: 'true' } });

  it('a visitor is asked to log in (401, nothing counted); a logged-in teacher downloads as before', async () => {
    const owner = await loginAs(strict, 'lijg');
    const up = await postDocument(strict.url, cookieOf(owner.jar), '讲义.txt', Buffer.from(TEXT));
    const { stageId, subjectId } = await dictIds(strict, '初中', '数学');
    const published = await owner.call(routes.publishDocument, {
      body: { title: '免费讲义', stageId, subjectId, fileIds: [String(up.json.data.id)], price: 0, type: 'DOCUMENT' },
    });
    const id = published.data.id;
    await createReviewAdmin(strict.prisma).approve(id);
    const visitor = strict.client();
    expect((await visitor.call(routes.resourceOpen, { query: { id } })).data.canDownload).toBe(false);
    expect(await visitor.call(routes.download, { query: { id } })).toMatchObject({
      code: 40100,
      msg: '请先登录后再下载',
    });
    expect((await strict.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(0);
    const teacher = await loginAs(strict, 'zhangxm');
    expect((await teacher.call(routes.download, { query: { id } })).code).toBe(0);
    expect((await strict.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(1);
  });
});

describe('the download limit per address', () => {
  it('answers 429 with a Chinese message once an address passes 60 downloads a minute', async () => {
    const limited = await startTestApp();
    try {
      const visitor = limited.client();
      const codes: number[] = [];
      for (let i = 0; i < 61; i++) codes.push((await visitor.call(routes.download, { query: { id: 999_999 } })).code);
      expect(codes.slice(0, 60).every((code) => code === 40400)).toBe(true);
      expect(codes[60]).toBe(42900);
      const limitedAnswer = await visitor.call(routes.download, { query: { id: 999_999 } });
      expect(limitedAnswer.msg).toBe('操作过于频繁，请稍后再试');
    } finally {
      await limited.close();
    }
  });
});

import { routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { dictIds } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/** Downloads and file access go through one rule: free/published, the author, an admin, or (later) a buyer. */
let t: TestApp;
let author: Awaited<ReturnType<typeof loginAs>>;
let reader: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMITS: 'false' } });
  author = await loginAs(t, 'lijg');
  reader = await loginAs(t, 'zhangxm');
});
afterAll(async () => {
  await t?.close();
});

const TEXT = '一元二次方程的解法：配方法、公式法、因式分解法。\n';

const publishTextFile = async (price: number, approve = true) => {
  const up = await postDocument(t.url, cookieOf(author.jar), '方程讲义.txt', Buffer.from(TEXT.repeat(50)));
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
    const { id } = await publishTextFile(0);
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
    const { id, fileId } = await publishTextFile(500);
    const refused = await reader.call(routes.download, { query: { id } });
    expect(refused).toMatchObject({ code: 40300, msg: '该资源为付费资源，购买后即可下载' });
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(0);
    const detail = await reader.call(routes.resourceOpen, { query: { id } });
    expect(detail.data.canDownload).toBe(false);
    expect((await author.call(routes.download, { query: { id } })).code).toBe(0);
    // The file itself follows the same rule.
    const preview = await reader.call(routes.onlinePreview, { query: { fileId } });
    expect(preview.code).not.toBe(0);
  });

  it('an unpublished resource’s files are its author’s only; an unknown file is refused', async () => {
    const { id, fileId } = await publishTextFile(0, false);
    expect((await reader.call(routes.download, { query: { id } })).code).toBe(40300);
    expect((await reader.call(routes.onlinePreview, { query: { fileId } })).code).not.toBe(0);
    expect((await author.call(routes.onlinePreview, { query: { fileId } })).code).toBe(0);
    await createReviewAdmin(t.prisma).approve(id);
    expect((await reader.call(routes.onlinePreview, { query: { fileId } })).code).toBe(0);
    expect((await reader.call(routes.download, { query: { id, fileId: 'not-a-file-of-it' } })).code).toBe(40400);
  });
});

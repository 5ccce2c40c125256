import { routes } from '@zyk/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoChapters } from '../../apps/api/src/db/demo-catalogue.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { publishDoc } from '../support/library.ts';

/** The demo's resources find their chapters by the lesson or the edition and grade their titles name, once. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMITS: 'false' } });
});
afterAll(() => t.close());

it('hangs titles on the lesson they name, else on a volume of the named edition and grade, and only once', async () => {
  const lijg = await loginAs(t, 'lijg');
  const lesson = await publishDoc(t, lijg.call, 'lijg', { title: '人教版八年级数学《三角形全等的判定》教学设计' });
  const volume = await publishDoc(t, lijg.call, 'lijg', { title: '人教版九年级数学《数学文化漫谈》课件' });
  const foreign = await publishDoc(t, lijg.call, 'lijg', { title: '沪教版九年级数学《数学文化漫谈》学案' });
  expect(await seedDemoChapters(t.prisma)).toBe(2);
  const chapters = async (id: number) =>
    (await t.client().call(routes.resourceOpen, { query: { id } })).data.chapters.map((c) => c.trail);
  expect(await chapters(lesson)).toEqual([['人教版', '八年级上册', '第十二章 全等三角形', '12.2 三角形全等的判定']]);
  const [trail] = await chapters(volume);
  expect(trail?.slice(0, 1)).toEqual(['人教版']);
  expect(trail?.[1]).toMatch(/^九年级/);
  expect(await chapters(foreign)).toEqual([]);
  // Found by the chapter's words as well.
  const found = await t.client().call(routes.search, { body: { content: '全等三角形', current: 1, size: 10 } });
  expect(found.data.objList.map((c) => c.id)).toContain(lesson);
  // Once any resource has a chapter, it does nothing again.
  expect(await seedDemoChapters(t.prisma)).toBe(0);
});

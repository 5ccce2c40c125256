import { routes } from '@zyk/shared';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoLibrary } from '../../apps/api/src/demo/library.ts';
import { type TestApp, testAppFor } from '../support/app.ts';

/**
 * The demo library hangs each resource on the catalogue lesson it is about, when it is made: browsing a textbook
 * finds the demo's resources under their volume, unit and lesson, and search finds them by the chapter's words.
 */

let t: TestApp;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', JOB_WORKER: 'false' } });
beforeAll(async () => {
  await seedDemoLibrary(t.app, t.config);
}, 240_000);

it('shows the demo resources on the textbook tree, under the lesson their title names', async () => {
  const call = t.client().call;
  const junior = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '初中' } });
  const math = await t.prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: junior.id, dictName: '数学' } });
  const tree = (await call(routes.catalogueTree, { query: { stageId: junior.id, subjectId: math.id } })).data;
  const edition = tree.nodes.find((n) => n.kind === 'edition' && n.name === '人教版')!;
  // Every published 初中数学 document and achievement hangs somewhere in the 人教版 book.
  const published = await t.prisma.resource.count({
    where: { stageId: junior.id, subjectId: math.id, status: 'PUBLISHED' },
  });
  expect(published).toBeGreaterThanOrEqual(20);
  expect(tree.tagged).toBe(published);
  expect(edition.count).toBe(published);
  // A lesson with a resource: its card names the lesson, and the list filtered by the lesson lists it.
  const lesson = tree.nodes.find((n) => n.kind === 'lesson' && n.count > 0)!;
  const listed = await call(routes.resourceList, {
    body: { catalogueNodeId: lesson.id, current: 1, size: 20, sort: '1', sortWay: 'DESC' },
  });
  expect(listed.data.objList.length).toBe(lesson.count);
  const core = lesson.name.replace(/^\d+(\.\d+)*\s+/, '');
  for (const card of listed.data.objList) expect(card.title).toContain(`《${core}》`);
  const [first] = listed.data.objList;
  const detail = await call(routes.resourceOpen, { query: { id: first!.id } });
  expect(detail.data.chapters.map((c) => c.id)).toEqual([lesson.id]);
  expect(detail.data.chapters[0]!.trail[0]).toBe('人教版');
});

it('finds a demo resource by the words of its unit, which its title does not name', async () => {
  const call = t.client().call;
  const candidates = await t.prisma.resource.findMany({
    where: { status: 'PUBLISHED', title: { startsWith: '人教版八年级物理' } },
    orderBy: { id: 'asc' },
  });
  let checked = 0;
  for (const resource of candidates) {
    const detail = await call(routes.resourceOpen, { query: { id: resource.id } });
    const unit = detail.data.chapters[0]!.trail[2]!.replace(/^第[一二三四五六七八九十]+章\s*/, '');
    if (resource.title.includes(unit)) continue;
    const found = await call(routes.search, { body: { content: unit, current: 1, size: 50 } });
    expect(
      found.data.objList.map((c) => c.id),
      `${unit}: ${resource.title}`,
    ).toContain(resource.id);
    if (++checked === 3) break;
  }
  expect(checked).toBeGreaterThan(0);
});

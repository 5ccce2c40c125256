import { GRADE_NAMES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLibrary } from '../../apps/api/src/demo/library.ts';
import { catalogueOf } from '../../apps/api/src/modules/catalogue/tree.ts';
import { detectDocument, HEAD_BYTES } from '../../apps/api/src/modules/files/sniff.ts';
import { rangeReader, readHead } from '../../apps/api/src/modules/uploads/storage-read.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The demo library's documents and achievements (issue 22): real Office files of the kind their titles promise,
 * never shared; titles whose grade and edition words agree with the stage and the catalogue chapter they hang on;
 * a first page for every stage, and a full one where the demo's teachers work or a textbook exists; a few
 * resources for the administrators to review; and a second run that changes nothing.
 */

let t: TestApp;
let made = 0;
let elapsedMs = 0;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false', JOB_WORKER: 'false' } });
beforeAll(async () => {
  const started = performance.now();
  made = await seedDemoLibrary(t.app, t.config);
  elapsedMs = performance.now() - started;
}, 240_000);

const PAGE = 20;
const GRADE_WORDS = /[一二三四五六七八九]年级|高[一二三]/g;
const EDITION_WORDS = ['人教A版', '人教版', '统编版', '部编版', '北师大版', '苏教版', '沪教版', '湘教版', '外研版'];
const STAGE_GRADES: Record<string, number[]> = {
  小学: [1, 2, 3, 4, 5, 6],
  初中: [7, 8, 9],
  高中: [10, 11, 12],
};

/** The real formats a resource's files must include, from the kind its title names. */
const expectedFormats = (title: string, type: string) => {
  if (type === 'ACHIEVEMENT') return ['ooxml-word'];
  if (title.endsWith('课件')) return ['ooxml-powerpoint'];
  if (title.endsWith('课时检测卷')) return ['ooxml-word', 'ooxml-excel'];
  return ['ooxml-word'];
};

const library = () =>
  t.prisma.resource.findMany({
    where: { type: { in: ['DOCUMENT', 'ACHIEVEMENT'] } },
    include: { files: { orderBy: { sort: 'asc' } }, chapters: true },
    orderBy: { id: 'asc' },
  });

describe('the demo library', () => {
  it('makes a few hundred resources, and some for the administrators to handle', async () => {
    console.info(`seedDemoLibrary: ${made} resources in ${Math.round(elapsedMs)} ms`);
    expect(made).toBeGreaterThanOrEqual(250);
    expect(made).toBeLessThanOrEqual(400);
    const resources = await library();
    expect(resources).toHaveLength(made);
    const pending = resources.filter((r) => r.status === 'PENDING');
    const rejected = resources.filter((r) => r.status === 'REJECTED');
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.filter((r) => r.schoolReviewedBy !== null)).toHaveLength(1);
    const approved = pending.find((r) => r.schoolReviewedBy !== null)!;
    expect(approved.schoolReviewedAt!.getTime()).toBeGreaterThanOrEqual(approved.updatedAt.getTime());
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    for (const r of rejected) expect(r.reviewNote).toBeTruthy();
    for (const r of [...pending, ...rejected]) expect(r.publishedAt).toBeNull();

    const published = resources.filter((r) => r.status === 'PUBLISHED');
    const now = Date.now();
    for (const r of published) {
      expect(r.publishedAt!.getTime()).toBeLessThan(now);
      expect(now - r.publishedAt!.getTime()).toBeLessThan(181 * 86_400_000);
      if (r.type === 'ACHIEVEMENT') expect(['paper', 'project']).toContain(r.trainType);
    }
    // Something to sell, and lijg (the demo seller) has enough of their own.
    const lijg = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    expect(published.filter((r) => r.authorId === lijg.id).length).toBeGreaterThanOrEqual(4);
    expect(published.filter((r) => r.authorId === lijg.id && r.price > 0).length).toBeGreaterThan(0);
    expect(published.filter((r) => r.price > 0).length).toBeGreaterThanOrEqual(6);
    // Authors are the demo's teachers, and the messages of the review reached them.
    const authors = await t.prisma.user.findMany({ where: { id: { in: resources.map((r) => r.authorId) } } });
    for (const a of authors) expect(a.stageId).not.toBeNull();
    expect(await t.prisma.message.count({ where: { title: { startsWith: '审核未通过：' } } })).toBe(rejected.length);
  });

  it('gives every resource its own real Office files of the kind its title names', async () => {
    const resources = await library();
    const fileIds = resources.flatMap((r) => r.files.map((f) => f.fileId));
    expect(new Set(fileIds).size).toBe(fileIds.length);
    const stored = new Map(
      (await t.prisma.storedFile.findMany({ where: { id: { in: fileIds } } })).map((f) => [f.id, f]),
    );
    const hashes = [...stored.values()].map((f) => f.sha256);
    expect(new Set(hashes).size).toBe(fileIds.length);
    for (const r of resources) {
      expect(r.files.length, r.title).toBeGreaterThan(0);
      const formats: string[] = [];
      for (const { fileId } of r.files) {
        const file = stored.get(fileId)!;
        const size = Number(file.size);
        const head = await readHead(t.app.storage, file.storageKey, Math.min(size, HEAD_BYTES));
        const detected = await detectDocument(head, size, rangeReader(t.app.storage, file.storageKey, size));
        expect(detected?.mime, file.originalName).toBe(file.mimeType);
        formats.push(detected!.format);
      }
      expect(formats, r.title).toEqual(expectedFormats(r.title, r.type));
    }
  });

  it('writes titles whose grade and edition agree with the stage and the chapter they hang on', async () => {
    const resources = await library();
    const catalogue = await catalogueOf(t.prisma);
    const names = new Map((await t.prisma.dict.findMany()).map((d) => [d.id, d.dictName]));
    const titles = resources.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    let hung = 0;
    for (const r of resources) {
      const stage = names.get(r.stageId!)!;
      const grades = [...r.title.matchAll(GRADE_WORDS)].map((m) => m[0]);
      const allowed = (STAGE_GRADES[stage] ?? []).map((g) => GRADE_NAMES[g]);
      for (const word of grades) expect(allowed, r.title).toContain(word);
      const editions = EDITION_WORDS.filter((word) => r.title.includes(word));
      const withCatalogue = catalogue.nodesOf(r.stageId!, r.subjectId!).length > 0;
      // Where there is a textbook, everything hangs on a lesson of it; elsewhere nothing claims an edition.
      expect(r.chapters.length > 0, r.title).toBe(withCatalogue);
      if (!withCatalogue) {
        expect(editions, r.title).toEqual([]);
        continue;
      }
      hung++;
      const [chapter] = r.chapters;
      const lesson = catalogue.node(chapter!.nodeId)!;
      expect(lesson.kind).toBe('lesson');
      expect([lesson.stageId, lesson.subjectId]).toEqual([r.stageId, r.subjectId]);
      const trail = catalogue.path(lesson.id).map((id) => catalogue.node(id)!);
      const edition = trail.find((n) => n.kind === 'edition')!;
      const volume = trail.find((n) => n.kind === 'volume')!;
      // 人教版 is a prefix of 人教A版: the longest edition word is the one the title names.
      const named = editions.filter((word) => !editions.some((other) => other !== word && other.includes(word)));
      if (r.type === 'DOCUMENT') {
        expect(named, r.title).toEqual([edition.name]);
        expect(r.title.startsWith(edition.name), r.title).toBe(true);
        expect(grades, r.title).toEqual(volume.grade ? [GRADE_NAMES[volume.grade]] : []);
      } else {
        expect(
          named.every((word) => word === edition.name),
          r.title,
        ).toBe(true);
        for (const word of grades) expect(word, r.title).toBe(GRADE_NAMES[volume.grade ?? 0]);
      }
    }
    expect(hung).toBeGreaterThan(100);
  });

  it('fills a first page for every stage, and the 教学文档 page where the demo teachers work or a textbook exists', async () => {
    const call = t.client().call;
    const stages = await t.prisma.dict.findMany({ where: { level: 1 } });
    const subjects = await t.prisma.dict.findMany({ where: { level: 2 } });
    const list = async (route: 'resourceList' | 'resourceHomepageList', filters: Record<string, unknown>) => {
      const answer = await call(routes[route] as typeof routes.resourceList, {
        body: { current: 1, size: PAGE, sort: '2', sortWay: 'DESC', type: null, ...filters },
      });
      expect(answer.code).toBe(0);
      return answer.data.objList.length;
    };
    for (const stage of stages) {
      expect(await list('resourceHomepageList', { academicStageId: stage.id }), stage.dictName).toBe(PAGE);
    }
    for (const subject of subjects) {
      const where = { academicStageId: subject.parentId, subjectId: subject.id };
      expect(await list('resourceHomepageList', where), subject.dictName).toBeGreaterThan(0);
    }
    const teachers = await t.prisma.user.findMany({ where: { stageId: { not: null }, subjectId: { not: null } } });
    const catalogue = await catalogueOf(t.prisma);
    const full = subjects.filter(
      (s) => teachers.some((u) => u.subjectId === s.id) || catalogue.nodesOf(s.parentId!, s.id).length > 0,
    );
    expect(full.length).toBeGreaterThanOrEqual(8);
    for (const subject of full) {
      const where = { academicStageId: subject.parentId, subjectId: subject.id, type: 'DOCUMENT' };
      expect(await list('resourceList', where), subject.dictName).toBe(PAGE);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    expect(await seedDemoLibrary(t.app, t.config)).toBe(0);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CatalogueNode, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueCommands } from '../../apps/api/src/cli/catalogue-commands.ts';
import { runCommand } from '../../apps/api/src/cli/command.ts';
import { flushBackgroundWrites } from '../../apps/api/src/lib/background-writes.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds, publishDoc } from '../support/library.ts';

/**
 * The textbook catalogue: imports (JSON and CSV) are idempotent by code and all-or-nothing with the bad row named;
 * resources hang on chapters of their own stage and subject; a node lists exactly what hangs on it or below, and
 * its count agrees; retiring keeps resources reachable; the console's edits (move, rename, merge) keep resources
 * where a teacher expects them, and a 教研员 keeps to their own subject.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let admin: Client;
let teacher: Client;
let researcher: Client;

/** The database as a hash, once what earlier calls left to the background (previews, counted searches) is stored. */
const fingerprint = async () => {
  await t.app.previews.drain();
  await flushBackgroundWrites(t.app);
  return databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles', 'audit_log'] });
};

/** A small edition of 初中 物理 with two volumes, unique to this file. */
const EDITION = {
  stage: '初中',
  subject: '物理',
  edition: { code: 't-phy', name: '测试版' },
  volumes: [
    {
      code: 't-phy-8a',
      name: '八年级上册',
      grade: '八年级',
      units: [
        {
          code: 't-phy-8a-u1',
          name: '第一章 机械运动',
          lessons: [
            { code: 't-phy-8a-u1-l1', name: '1.1 长度和时间的测量' },
            { code: 't-phy-8a-u1-l2', name: '1.2 运动的描述' },
          ],
        },
        {
          code: 't-phy-8a-u2',
          name: '第二章 声现象',
          lessons: [{ code: 't-phy-8a-u2-l1', name: '2.1 声音的产生与传播' }],
        },
      ],
    },
    {
      code: 't-phy-9',
      name: '九年级全一册',
      grade: 9,
      units: [{ code: 't-phy-9-u1', name: '第十三章 内能', lessons: [] }],
    },
  ],
};

const treeOf = async (type: 'DOCUMENT' | 'MICRO_COURSE' | null = null) => {
  const { stageId, subjectId } = await dictIds(t, '初中', '物理');
  const res = await t.client().call(routes.catalogueTree, { query: { stageId, subjectId, type } });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const nodeByCode = (nodes: CatalogueNode[], code: string) => {
  const node = nodes.find((n) => n.code === code);
  if (!node) throw new Error(`no node ${code}`);
  return node;
};
const listOf = async (body: { catalogueNodeId?: number; grade?: number }) => {
  const res = await t.client().call(routes.resourceList, {
    body: { type: 'DOCUMENT', current: 1, size: 50, sort: '1', sortWay: 'DESC', ...body },
  });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const importJson = (content: unknown, dryRun = false) =>
  admin.call(routes.adminCatalogueImport, { body: { format: 'json', content: JSON.stringify(content), dryRun } });

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  admin = await loginAs(t, 'admin', 'Admin@2026');
  teacher = await loginAs(t, 'lijg');
  researcher = await loginAs(t, 'chensy'); // 教研员, 初中 英语
});

describe('the shipped catalogue', () => {
  it('is imported on first start, parents before children and every code unique', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const res = await t.client().call(routes.catalogueTree, { query: { stageId, subjectId } });
    const names = res.data.nodes.map((n) => n.name);
    expect(res.data.nodes.filter((n) => n.kind === 'edition').map((n) => n.name)).toContain('人教版');
    expect(names).toContain('八年级上册');
    expect(names.some((n) => n.includes('全等三角形'))).toBe(true);
    const seen = new Set<number>();
    for (const node of res.data.nodes) {
      if (node.parentId !== null) expect(seen.has(node.parentId), node.code).toBe(true);
      seen.add(node.id);
    }
    expect(new Set(res.data.nodes.map((n) => n.code)).size).toBe(res.data.nodes.length);
    // The tree skips re-validation on the way out: an exact answer parses to itself.
    expect(routes.catalogueTree.response.parse(res.data)).toEqual(res.data);
  });
});

describe('import', () => {
  it('creates, then finds nothing to do the second time (JSON and the same nodes as CSV)', async () => {
    const dry = await importJson(EDITION, true);
    expect(dry.data).toEqual({ created: 9, updated: 0, unchanged: 0, dryRun: true });
    expect((await treeOf()).nodes.some((n) => n.code === 't-phy')).toBe(false);
    expect((await importJson(EDITION)).data).toEqual({ created: 9, updated: 0, unchanged: 0, dryRun: false });
    expect((await importJson(EDITION)).data).toEqual({ created: 0, updated: 0, unchanged: 9, dryRun: false });
    const { stageId, subjectId } = await dictIds(t, '初中', '物理');
    const csv = await admin.call(routes.adminCatalogueExport, { query: { stageId, subjectId, format: 'csv' } });
    expect(csv.data.content.split('\n')[0]).toBe('code,parent_code,kind,name,stage,subject,grade');
    const again = await admin.call(routes.adminCatalogueImport, {
      body: { format: 'csv', content: csv.data.content, dryRun: false },
    });
    expect(again.data.created).toBe(0);
    expect(again.data.updated).toBe(0);
    const tree = await treeOf();
    expect(nodeByCode(tree.nodes, 't-phy-8a').grade).toBe(8);
    expect(nodeByCode(tree.nodes, 't-phy-9').grade).toBe(9);
    // The order in the file is the order in the tree.
    const lessons = tree.nodes.filter((n) => n.parentId === nodeByCode(tree.nodes, 't-phy-8a-u1').id);
    expect(lessons.map((n) => n.code)).toEqual(['t-phy-8a-u1-l1', 't-phy-8a-u1-l2']);
  });

  it('refuses a bad parent, a repeated code or a wrong level with the row named, writing nothing', async () => {
    const before = await fingerprint();
    const csv = (rows: string[]) =>
      admin.call(routes.adminCatalogueImport, {
        body: { format: 'csv', content: ['code,parent_code,kind,name,stage,subject,grade', ...rows].join('\n') },
      });
    const cases: [Promise<{ code: number; msg: string }>, RegExp][] = [
      [
        csv(['t-new,,edition,新版本,初中,物理,', 't-new-v,t-missing,volume,七年级上册,初中,物理,7']),
        /第 3 行：上级编号 t-missing 不存在/,
      ],
      [csv(['t-dup,,edition,甲,初中,物理,', 't-dup,,edition,乙,初中,物理,']), /第 3 行：编号 t-dup 重复出现/],
      [csv(['t-lv,t-phy,lesson,一课,初中,物理,']), /第 2 行：“课”只能建在“单元”下/],
      [csv(['t-st,,edition,版本,大学,物理,']), /学段“大学”不存在/],
      [csv(['t-gr,t-phy,volume,七年级上册,初中,物理,十三年级']), /年级“十三年级”不正确/],
      [csv(['t-phy-8a-u1,t-phy,volume,改成册次,初中,物理,']), /编号 t-phy-8a-u1 已是另一类型的节点/],
      [csv(['bad code,,edition,版本,初中,物理,']), /编号“bad code”不正确/],
      [importJson({ ...EDITION, volumes: [{ code: 't-x', name: '', units: [] }] }), /编号 t-x：名称须为 1–60 个字/],
      [admin.call(routes.adminCatalogueImport, { body: { format: 'json', content: '{"stage":' } }), /JSON 格式有误/],
      [csv([]), /导入内容中没有目录节点/],
      [csv(['"t-q,,edition,引号未闭合,初中,物理,']), /CSV 格式有误/],
    ];
    for (const [call, message] of cases) {
      const res = await call;
      expect(res.code, res.msg).toBe(40000);
      expect(res.msg).toMatch(message);
    }
    // The first rows of a failing file were good: none of them was written.
    expect(await fingerprint()).toBe(before);
  });

  it('keeps a 教研员 to their own stage and subject', async () => {
    const res = await researcher.call(routes.adminCatalogueImport, {
      body: { format: 'json', content: JSON.stringify(EDITION), dryRun: true },
    });
    expect(res.code).toBe(40000);
    expect(res.msg).toMatch(/只能维护本人学段学科的教材目录/);
    const { stageId, subjectId } = await dictIds(t, '初中', '物理');
    expect((await researcher.call(routes.adminCatalogueTree, { query: { stageId, subjectId } })).code).toBe(40300);
    const english = await dictIds(t, '初中', '英语');
    expect((await researcher.call(routes.adminCatalogueTree, { query: english })).code).toBe(0);
    // Teachers have no console.
    expect((await teacher.call(routes.adminCatalogueTree, { query: english })).code).toBe(40300);
  });
});

describe('resources on chapters', () => {
  const ids: Record<string, number> = {};
  let nodes: CatalogueNode[] = [];
  const node = (code: string) => nodeByCode(nodes, code).id;

  beforeAll(async () => {
    nodes = (await treeOf()).nodes;
    const doc = (title: string, chapters: string[], approve = true) =>
      publishDoc(t, teacher.call, 'lijg', {
        title,
        stage: '初中',
        subject: '物理',
        chapters: chapters.map(node),
        approve,
      });
    ids.length = await doc('《长度和时间的测量》教学设计', ['t-phy-8a-u1-l1']);
    ids.both = await doc('机械运动单元复习学案', ['t-phy-8a-u1-l1', 't-phy-8a-u1-l2']);
    ids.unit = await doc('第一章 机械运动 单元测试卷', ['t-phy-8a-u1']);
    ids.sound = await doc('《声音的产生与传播》课件', ['t-phy-8a-u2-l1']);
    ids.heat = await doc('《内能》说课稿', ['t-phy-9-u1']);
    ids.pending = await doc('未审核的学案', ['t-phy-8a-u1-l1'], false);
  });

  it('shows each resource’s chapters as a trail, on the card and the detail', async () => {
    const detail = await t.client().call(routes.resourceOpen, { query: { id: ids.both! } });
    expect(detail.data.chapters.map((c) => c.trail)).toEqual([
      ['测试版', '八年级上册', '第一章 机械运动', '1.1 长度和时间的测量'],
      ['测试版', '八年级上册', '第一章 机械运动', '1.2 运动的描述'],
    ]);
    expect(detail.data.chapters[0]!.path).toEqual([
      node('t-phy'),
      node('t-phy-8a'),
      node('t-phy-8a-u1'),
      node('t-phy-8a-u1-l1'),
    ]);
    const edit = await teacher.call(routes.resourceEditInfo, { query: { id: ids.both! } });
    expect(edit.data.chapters.map((c) => c.id)).toEqual([node('t-phy-8a-u1-l1'), node('t-phy-8a-u1-l2')]);
    const list = await listOf({ catalogueNodeId: node('t-phy-8a-u1-l2') });
    expect(list.objList.map((c) => c.chapter?.trail.at(-1))).toEqual(['1.1 长度和时间的测量']);
  });

  it('lists exactly what hangs on a node or below, and the tree counts agree with the lists', async () => {
    const expected: Record<string, number[]> = {
      't-phy-8a-u1-l1': [ids.length!, ids.both!],
      't-phy-8a-u1-l2': [ids.both!],
      't-phy-8a-u1': [ids.length!, ids.both!, ids.unit!],
      't-phy-8a': [ids.length!, ids.both!, ids.unit!, ids.sound!],
      't-phy': [ids.length!, ids.both!, ids.unit!, ids.sound!, ids.heat!],
    };
    const tree = await treeOf('DOCUMENT');
    for (const [code, want] of Object.entries(expected)) {
      const list = await listOf({ catalogueNodeId: node(code) });
      expect(list.objList.map((c) => c.id).sort(), code).toEqual([...want].sort());
      expect(list.pageBean.totalCount, code).toBe(want.length);
      expect(nodeByCode(tree.nodes, code).count, code).toBe(want.length);
    }
    expect(tree.tagged).toBe(5);
    // A grade is the volumes of that grade; within an edition too.
    expect((await listOf({ grade: 9 })).objList.map((c) => c.id)).toEqual([ids.heat]);
    expect((await listOf({ catalogueNodeId: node('t-phy'), grade: 8 })).pageBean.totalCount).toBe(4);
    // Micro-courses: none hang there.
    expect(nodeByCode((await treeOf('MICRO_COURSE')).nodes, 't-phy').count).toBe(0);
    // Search within a chapter.
    const found = await t.client().call(routes.search, {
      body: { content: '学案', current: 1, size: 10, catalogueNodeId: node('t-phy-8a-u1') },
    });
    expect(found.data.objList.map((c) => c.id)).toEqual([ids.both]);
  });

  it('finds a resource by its chapter’s names', async () => {
    const found = await t.client().call(routes.search, { body: { content: '声现象', current: 1, size: 10 } });
    expect(found.data.objList.map((c) => c.id)).toContain(ids.sound);
  });

  it('refuses chapters of another subject, an edition alone, unknown and retired ones, changing nothing', async () => {
    const math = await dictIds(t, '初中', '数学');
    const physics = await dictIds(t, '初中', '物理');
    const file = await teacher.call(routes.resourceEditInfo, { query: { id: ids.length! } });
    const publish = (stage: typeof math, catalogueNodeIds: number[]) =>
      teacher.call(routes.publishDocument, {
        body: {
          title: '不该发布的资源',
          ...stage,
          type: 'DOCUMENT',
          fileIds: file.data.fileIds,
          catalogueNodeIds,
        },
      });
    await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-8a-u2'), retired: true } });
    const before = await fingerprint();
    for (const [res, message] of [
      [await publish(math, [node('t-phy-8a-u1-l1')]), /与资源的学段学科不一致/],
      [await publish(physics, [node('t-phy')]), /只选版本不能作为章节/],
      [await publish(physics, [2_000_000_000]), /所选教材章节不存在/],
      [await publish(physics, [node('t-phy-8a-u2-l1')]), /已停用/],
      [await publish(physics, [1, 2, 3, 4, 5, 6]), /最多关联 5 个教材章节/],
    ] as const) {
      expect(res.code, res.msg).toBe(40000);
      expect(res.msg).toMatch(message);
    }
    expect(await fingerprint()).toBe(before);
    await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-8a-u2'), retired: false } });
  });

  it('keeps the resources of a retired node reachable under its parent and by the node itself', async () => {
    expect(
      (await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-8a-u2'), retired: true } })).code,
    ).toBe(0);
    const tree = await treeOf('DOCUMENT');
    // Still listed while resources hang there, marked retired; the lesson under it too.
    expect(nodeByCode(tree.nodes, 't-phy-8a-u2')).toMatchObject({ retired: true, count: 1 });
    expect(nodeByCode(tree.nodes, 't-phy-8a-u2-l1')).toMatchObject({ retired: true, count: 1 });
    expect(nodeByCode(tree.nodes, 't-phy-8a').count).toBe(4);
    expect((await listOf({ catalogueNodeId: node('t-phy-8a-u2-l1') })).objList.map((c) => c.id)).toEqual([ids.sound]);
    const detail = await t.client().call(routes.resourceOpen, { query: { id: ids.sound! } });
    expect(detail.data.chapters[0]).toMatchObject({ retired: true });
    // Its author may still save it with the chapter it has.
    const edit = await teacher.call(routes.resourceEditInfo, { query: { id: ids.sound! } });
    const saved = await teacher.call(routes.publishDocument, {
      body: {
        id: ids.sound!,
        title: edit.data.title,
        stageId: edit.data.stageId!,
        subjectId: edit.data.subjectId!,
        type: 'DOCUMENT',
        fileIds: edit.data.fileIds,
        catalogueNodeIds: edit.data.chapters.map((c) => c.id),
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    await createReviewAdmin(t.prisma).approve(ids.sound!);
    // A retired node with nothing on it is not offered at all.
    await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-9'), retired: true } });
    await publishDoc(t, teacher.call, 'lijg', { title: '占位', stage: '初中', subject: '物理' });
    expect((await treeOf('MICRO_COURSE')).nodes.some((n) => n.code === 't-phy-9')).toBe(false);
    await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-9'), retired: false } });
    await admin.call(routes.adminCatalogueRetire, { body: { id: node('t-phy-8a-u2'), retired: false } });
  });

  it('moves, renames and merges in the console, and resources follow', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '物理');
    // Drag lesson 1.2 before 1.1.
    const move = await admin.call(routes.adminCatalogueMove, {
      body: { id: node('t-phy-8a-u1-l2'), parentId: node('t-phy-8a-u1'), index: 0 },
    });
    expect(move.code, move.msg).toBe(0);
    let tree = await admin.call(routes.adminCatalogueTree, { query: { stageId, subjectId } });
    const unit = (id: number) => tree.data.nodes.filter((n) => n.parentId === id).map((n) => n.code);
    expect(unit(node('t-phy-8a-u1'))).toEqual(['t-phy-8a-u1-l2', 't-phy-8a-u1-l1']);
    // A lesson cannot go under a volume, nor into another subject.
    const wrong = await admin.call(routes.adminCatalogueMove, {
      body: { id: node('t-phy-8a-u1-l2'), parentId: node('t-phy-8a'), index: 0 },
    });
    expect(wrong.msg).toMatch(/“课”只能建在“单元”下/);
    // Rename: search finds the resources by the new name.
    const renamed = await admin.call(routes.adminCatalogueSave, {
      body: { id: node('t-phy-8a-u2'), name: '第二章 声音与听觉' },
    });
    expect(renamed.data.name).toBe('第二章 声音与听觉');
    await expect
      .poll(
        async () => {
          const found = await t.client().call(routes.search, { body: { content: '听觉', current: 1, size: 10 } });
          return found.data.objList.map((c) => c.id);
        },
        { timeout: 15_000 },
      ) // the search index follows the rename in the background
      .toContain(ids.sound);
    // Create a duplicate lesson and merge it into the original: its resources move, it is retired with a note.
    const twin = await admin.call(routes.adminCatalogueSave, {
      body: { parentId: node('t-phy-8a-u1'), kind: 'lesson', name: '1.1 长度与时间的测量（重复）' },
    });
    expect(twin.code, twin.msg).toBe(0);
    expect(twin.data.code).toMatch(/^t-phy-8a-u1-\d+$/);
    const onTwin = await publishDoc(t, teacher.call, 'lijg', {
      title: '刻度尺的使用练习',
      stage: '初中',
      subject: '物理',
      chapters: [twin.data.id],
    });
    const merged = await admin.call(routes.adminCatalogueMerge, {
      body: { fromId: twin.data.id, intoId: node('t-phy-8a-u1-l1') },
    });
    expect(merged.data).toEqual({ movedResources: 1, movedChildren: 0 });
    tree = await admin.call(routes.adminCatalogueTree, { query: { stageId, subjectId } });
    expect(tree.data.nodes.find((n) => n.id === twin.data.id)).toMatchObject({
      retired: true,
      mergedInto: '1.1 长度和时间的测量',
      count: 0,
    });
    expect((await listOf({ catalogueNodeId: node('t-phy-8a-u1-l1') })).objList.map((c) => c.id)).toContain(onTwin);
    for (const [body, message] of [
      [{ fromId: node('t-phy-8a-u1'), intoId: node('t-phy-8a-u1-l1') }, /只能合并同一类型的节点/],
      [{ fromId: node('t-phy-8a-u1-l1'), intoId: node('t-phy-8a-u1-l1') }, /不能把节点合并到它自己/],
      [{ fromId: node('t-phy-8a-u1-l2'), intoId: twin.data.id }, /不能合并到已停用的节点/],
    ] as const) {
      const res = await admin.call(routes.adminCatalogueMerge, { body });
      expect(res.code).toBe(40000);
      expect(res.msg).toMatch(message);
    }
    // Every change is in the audit log.
    const actions = await t.prisma.auditLog.findMany({
      where: { action: { startsWith: 'catalogue.' } },
      select: { action: true },
    });
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set([
        'catalogue.import',
        'catalogue.retire',
        'catalogue.restore',
        'catalogue.move',
        'catalogue.update',
        'catalogue.create',
        'catalogue.merge',
      ]),
    );
  });
});

describe('pnpm admin catalogue-import / catalogue-export', () => {
  it('exports a subject, checks a file with --dry-run writing nothing, imports it and re-indexes renamed chapters', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-catalogue-cli-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const file = path.join(dir, 'physics.csv');
      const run = (name: string, args: string[]) => runCommand(t.app, name, catalogueCommands[name]!, args);
      expect(await run('catalogue-export', [file, '--stage', '初中', '--subject', '物理'])).toBe(0);
      const exported = readFileSync(file, 'utf8');
      expect(exported.split('\n')[0]).toBe('code,parent_code,kind,name,stage,subject,grade');
      // Rename a lesson in the file: the dry run counts it and changes nothing.
      writeFileSync(file, exported.replace('1.1 长度和时间的测量', '1.1 长度与时间的测量'));
      // Searches of earlier tests are counted in the background: under load their writes landed mid-check.
      const before = await fingerprint();
      expect(await run('catalogue-import', [file, '--dry-run'])).toBe(0);
      expect(log.mock.calls.flat().join('\n'), JSON.stringify(log.mock.calls)).toMatch(/更新 1 个/);
      expect(await fingerprint()).toBe(before);
      expect(await run('catalogue-import', [file])).toBe(0);
      const found = await t.client().call(routes.search, { body: { content: '长度与时间', current: 1, size: 10 } });
      expect(found.data.objList.map((c) => c.title)).toContain('《长度和时间的测量》教学设计');
      await expect(run('catalogue-export', [file, '--stage', '大学', '--subject', '物理'])).rejects.toThrow(
        /学段“大学”不存在/,
      );
    } finally {
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

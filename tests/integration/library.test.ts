import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateResources } from '../../apps/api/src/demo/generate-resources.ts';
import { Prisma } from '../../apps/api/src/generated/prisma/client.ts';
import { listQueries } from '../../apps/api/src/modules/library/lists.ts';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds, makeFile, publishDoc } from '../support/library.ts';

let t: TestApp;
let teacher: Awaited<ReturnType<typeof loginAs>>;
let other: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  teacher = await loginAs(t, 'lijg');
  other = await loginAs(t, 'zhangxm');
  admin = await loginAs(t, 'admin', 'Admin@2026');
  await generateResources(t.prisma, { count: 300, chapters: 0.6 });
});

const anon = () => t.client().call;

interface PlanNode {
  'Node Type': string;
  'Sort Key'?: string[];
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

describe('publishing and review', () => {
  it('a new resource waits for review: invisible to the public, visible to its author', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '二次函数图像与性质教学设计', approve: false });
    expect((await anon()(routes.resourceOpen, { query: { id } })).code).toBe(40400);
    expect((await other.call(routes.resourceInfo, { query: { id } })).code).toBe(40400);
    const mine = await teacher.call(routes.resourceInfo, { query: { id } });
    expect(mine.data).toMatchObject({ status: 'PENDING', isOwner: true, title: '二次函数图像与性质教学设计' });
    const uploads = await teacher.call(routes.myUploads, { body: { current: 1, size: 10, status: 'PENDING' } });
    expect(uploads.data.objList.map((r) => r.id)).toContain(id);

    await createReviewAdmin(t.prisma).approve(id);
    const open = await anon()(routes.resourceOpen, { query: { id } });
    expect(open.data).toMatchObject({ status: 'PUBLISHED', canDownload: true, authorName: '李建国' });
    expect(open.data.files).toHaveLength(1);
  });

  it('a rejection carries its reason to the author only; an edit goes back to review', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '有理数加减法学案', approve: false });
    await createReviewAdmin(t.prisma).reject(id, '缺少学习目标');
    const mine = await teacher.call(routes.resourceInfo, { query: { id } });
    expect(mine.data).toMatchObject({ status: 'REJECTED', reviewNote: '缺少学习目标' });
    const edit = await teacher.call(routes.resourceEditInfo, { query: { id } });
    const res = await teacher.call(routes.publishDocument, {
      body: {
        ...edit.data,
        id,
        title: '有理数加减法学案（含学习目标）',
        trainType: null,
        coverFileId: null,
        type: 'DOCUMENT',
      },
    });
    expect(res.data).toEqual({ id, status: 'PENDING' });
  });

  it('rejects files of other users, a subject of another stage, and a negative price, changing nothing', async () => {
    const foreign = await makeFile(t, 'zhangxm');
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const senior = await dictIds(t, '高中', '物理');
    const before = await databaseFingerprint(t.databaseUrl);
    const base = { title: '测试资源', stageId, subjectId, type: 'DOCUMENT' as const };
    const r1 = await teacher.call(routes.publishDocument, { body: { ...base, fileIds: [foreign.id] } });
    expect(r1.msg).toBe('文件不存在或不属于当前用户，请重新上传');
    const own = await makeFile(t, 'lijg');
    const video = await makeFile(t, 'lijg', 'video', '课堂实录.mp4');
    const afterFile = await databaseFingerprint(t.databaseUrl);
    expect(afterFile).not.toBe(before);
    const r2 = await teacher.call(routes.publishDocument, {
      body: { ...base, subjectId: senior.subjectId, fileIds: [own.id] },
    });
    expect(r2.msg).toBe('所选学科不属于该学段，请重新选择');
    const r3 = await teacher.call(routes.publishDocument, { body: { ...base, fileIds: [own.id], price: -1 } });
    expect(r3.msg).toContain('价格不能为负数');
    const r4 = await teacher.call(routes.publishDocument, { body: { ...base, fileIds: [video.id] } });
    expect(r4.msg).toContain('类型不适用于该资源');
    expect(await databaseFingerprint(t.databaseUrl)).toBe(afterFile);
  });

  it('another user can neither edit nor delete a resource; the author and an admin can delete', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '三角形全等判定说课稿' });
    const edit = await other.call(routes.resourceEditInfo, { query: { id } });
    expect(edit.code).toBe(40300);
    const file = await makeFile(t, 'zhangxm');
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const hijack = await other.call(routes.publishDocument, {
      body: { id, title: '被改的标题', stageId, subjectId, fileIds: [file.id], type: 'DOCUMENT' },
    });
    expect(hijack.code).toBe(40300);
    expect((await other.call(routes.resourceDelete, { query: { id } })).code).toBe(40300);
    expect((await teacher.call(routes.resourceDelete, { query: { id } })).code).toBe(0);
    expect((await anon()(routes.resourceOpen, { query: { id } })).code).toBe(40400);
    const id2 = await publishDoc(t, teacher.call, 'lijg', { title: '平行四边形练习' });
    expect((await admin.call(routes.resourceDelete, { query: { id: id2 } })).code).toBe(0);
  });
});

describe('lists', () => {
  it('filters by stage, subject and type, and every sort returns what it claims', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    for (const [sort, key] of [
      ['1', 'publishedAt'],
      ['2', 'viewCount'],
      ['3', 'downloadCount'],
      ['4', 'starCount'],
    ] as const) {
      for (const sortWay of ['DESC', 'ASC'] as const) {
        const res = await anon()(routes.resourceHomepageList, {
          body: { academicStageId: stageId, subjectId, type: 'DOCUMENT', current: 1, size: 20, sort, sortWay },
        });
        const list = res.data.objList;
        expect(list.length).toBeGreaterThan(0);
        expect(list.every((r) => r.stageId === stageId && r.subjectId === subjectId && r.type === 'DOCUMENT')).toBe(
          true,
        );
        const values = list.map((r) => (key === 'publishedAt' ? Date.parse(r.publishedAt!) : r[key]));
        const sorted = [...values].sort((a, b) => (sortWay === 'DESC' ? b - a : a - b));
        expect(values, `sort ${sort} ${sortWay}`).toEqual(sorted);
      }
    }
  });

  it('every filter and sort reads its page in an index order, never sorting all candidates', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const filters = [
      {},
      { type: 'DOCUMENT' as const },
      { academicStageId: stageId },
      { academicStageId: stageId, type: 'MICRO_COURSE' as const },
      { academicStageId: stageId, subjectId },
      { academicStageId: stageId, subjectId, type: 'DOCUMENT' as const },
    ];
    /**
     * Sorts of resources rows (`r.…`, which EXPLAIN may print as `r_1.…`). Sorting the page's 20 cards (`page.…`)
     * or a card's files (`rf.…`) is fine.
     */
    const candidateSorts = (node: PlanNode): string[] => [
      ...(node['Node Type'] === 'Sort' && node['Sort Key']?.some((key) => /^r(_\d+)?\./.test(key))
        ? [node['Sort Key']!.join(', ')]
        : []),
      ...(node.Plans ?? []).flatMap(candidateSorts),
    ];
    for (const filter of filters) {
      for (const sort of ['1', '2', '3', '4'] as const) {
        for (const sortWay of ['DESC', 'ASC'] as const) {
          const { select } = listQueries({ ...filter, sort, sortWay, current: 2, size: 20 }, new Date());
          // On 300 rows the planner would rather sort; forbidding sorts shows whether an index gives the order.
          const [explained] = await t.prisma.$transaction(async (tx) => {
            await tx.$executeRawUnsafe('SET LOCAL enable_sort = off');
            await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
            return tx.$queryRaw<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${select}`);
          });
          expect(
            candidateSorts(explained!['QUERY PLAN'][0]!.Plan),
            `${JSON.stringify(filter)} sort ${sort} ${sortWay}`,
          ).toEqual([]);
        }
      }
    }
  });

  it('reads a chapter’s resources by id through the chapter index, never walking the resources', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const [edition] = await t.prisma.catalogueNode.findMany({ where: { stageId, subjectId, kind: 'edition' } });
    const lesson = await t.prisma.resourceChapter.findFirst({ orderBy: { nodeId: 'asc' } });
    expect(edition && lesson).toBeTruthy();
    const edges = await t.prisma.catalogueNode.findMany({ select: { id: true, parentId: true } });
    const subtree = (id: number): number[] => [
      id,
      ...edges.filter((e) => e.parentId === id).flatMap((e) => subtree(e.id)),
    ];
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
    for (const [name, chapterIds] of [
      ['lesson', [lesson!.nodeId]],
      ['edition', subtree(edition!.id)],
    ] as const) {
      for (const sort of ['1', '2'] as const) {
        const query = listQueries({ sort, sortWay: 'DESC', current: 2, size: 20 }, new Date(), [...chapterIds]);
        for (const sql of [query.select, query.count]) {
          // On 300 rows the planner would rather scan; forbidding it shows which indexes the plan can use.
          const [explained] = await t.prisma.$transaction(async (tx) => {
            await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
            return tx.$queryRaw<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`);
          });
          const nodes = nodesOf(explained!['QUERY PLAN'][0]!.Plan);
          const scans = nodes.filter((n) => /Scan/.test(n['Node Type']));
          expect(
            scans.filter((n) => n['Relation Name'] === 'resources' && n['Node Type'] === 'Seq Scan'),
            `${name} sort ${sort}`,
          ).toEqual([]);
          // The chapter's resource ids come from the (node_id, resource_id) index; resources by their primary key.
          expect(
            scans.some((n) => n['Index Name'] === 'resource_chapters_node_id_resource_id_idx'),
            name,
          ).toBe(true);
          expect(
            scans.some((n) => n['Relation Name'] === 'resources' && n['Index Name'] === 'resources_pkey'),
            `${name}: ${JSON.stringify(scans.map((n) => [n['Node Type'], n['Index Name']]))}`,
          ).toBe(true);
        }
      }
    }
  });

  it('treats null stage/subject/type as no filter and reports the total', async () => {
    const all = await anon()(routes.resourceHomepageList, {
      body: { academicStageId: null, subjectId: null, type: null, current: 1, size: 20, sort: '2', sortWay: 'DESC' },
    });
    const totals = await anon()(routes.totalResourceCount);
    expect(all.data.pageBean.totalCount).toBe(totals.data.total);
    expect(all.data.objList).toHaveLength(20);
  });

  it('pages without duplicates or gaps while new resources are published', async () => {
    const body = {
      academicStageId: null,
      subjectId: null,
      type: null,
      size: 20,
      sort: '1' as const,
      sortWay: 'DESC' as const,
    };
    const first = await anon()(routes.resourceHomepageList, { body: { ...body, current: 1 } });
    const seen = first.data.objList.map((r) => r.id);
    const total = first.data.pageBean.totalCount;
    for (let page = 2; page <= first.data.pageBean.totalPage; page++) {
      // New resources arrive between page loads.
      await publishDoc(t, teacher.call, 'lijg', { title: `新发布的资源 ${page}` });
      const next = await anon()(routes.resourceHomepageList, {
        body: { ...body, current: page, snapshot: first.data.snapshot },
      });
      expect(next.data.pageBean.totalCount).toBe(total);
      seen.push(...next.data.objList.map((r) => r.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('a first page served a moment ago still shows a resource published, edited away, deleted or taken down since', async () => {
    const { stageId, subjectId } = await dictIds(t, '高中', '化学');
    const body = { academicStageId: stageId, subjectId, type: null, current: 1, size: 20, sort: '1' as const };
    const firstIds = async () =>
      (await anon()(routes.resourceHomepageList, { body: { ...body, sortWay: 'DESC' } })).data.objList.map((r) => r.id);
    const before = await firstIds();
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '化学平衡新授课件', stage: '高中', subject: '化学' });
    expect((await firstIds())[0]).toBe(id);

    // An edit sends it back to review, out of the public list.
    const file = await makeFile(t, 'lijg');
    const edit = await teacher.call(routes.publishDocument, {
      body: {
        id,
        title: '化学平衡新授课件（修订）',
        description: '',
        tags: [],
        stageId,
        subjectId,
        type: 'DOCUMENT',
        fileIds: [file.id],
        price: 0,
      },
    });
    expect(edit.code, edit.msg).toBe(0);
    expect(await firstIds()).not.toContain(id);
    await createReviewAdmin(t.prisma).approve(id);
    expect((await firstIds())[0]).toBe(id);

    await createReviewAdmin(t.prisma).takeDown(id, '内容有误');
    expect(await firstIds()).not.toContain(id);

    const id2 = await publishDoc(t, teacher.call, 'lijg', { title: '化学平衡练习', stage: '高中', subject: '化学' });
    expect((await firstIds())[0]).toBe(id2);
    expect((await teacher.call(routes.resourceDelete, { query: { id: id2 } })).code).toBe(0);
    expect(await firstIds()).toEqual(before);
  });

  it('later pages count their snapshot once, and again after a resource leaves the public', async () => {
    const { stageId, subjectId } = await dictIds(t, '高中', '物理');
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await publishDoc(t, teacher.call, 'lijg', { title: `动量守恒专题 ${i}`, stage: '高中', subject: '物理' }),
      );
    }
    const body = {
      academicStageId: stageId,
      subjectId,
      type: null,
      size: 1,
      sort: '1' as const,
      sortWay: 'DESC' as const,
    };
    const first = await anon()(routes.resourceHomepageList, { body: { ...body, current: 1 } });
    const page = (current: number) =>
      anon()(routes.resourceHomepageList, { body: { ...body, current, snapshot: first.data.snapshot } });
    const total = first.data.pageBean.totalCount;
    expect((await page(2)).data.pageBean.totalCount).toBe(total);
    expect((await teacher.call(routes.resourceDelete, { query: { id: ids[0]! } })).code).toBe(0);
    expect((await page(3)).data.pageBean.totalCount).toBe(total - 1);
  });

  it('answers list pages in exactly the declared shape (they skip re-validation on the way out)', async () => {
    for (const def of [routes.resourceHomepageList, routes.resourceList]) {
      const res = await anon()(def, {
        body: { academicStageId: null, subjectId: null, type: null, current: 1, size: 20, sort: '2', sortWay: 'DESC' },
      });
      expect(res.data.objList).toHaveLength(20);
      // Parsing drops unknown keys and rejects wrong types: an exact answer parses to itself.
      expect(def.response.parse(res.data)).toEqual(res.data);
    }
  });

  it('recommends popular resources of the same stage and subject, never the resource itself', async () => {
    const { stageId, subjectId } = await dictIds(t, '初中', '数学');
    const [some] = (
      await anon()(routes.resourceList, {
        body: { academicStageId: stageId, subjectId, current: 1, size: 1, sort: '2', sortWay: 'DESC' },
      })
    ).data.objList;
    const rec = await anon()(routes.recommend, { body: { id: some!.id, size: 6 } });
    expect(rec.data.length).toBeGreaterThan(0);
    expect(rec.data.map((r) => r.id)).not.toContain(some!.id);
    expect(rec.data[0]).toMatchObject({ stageId, subjectId });
  });

  it('home data, train types and rankings', async () => {
    const home = await anon()(routes.homeData);
    expect(home.data.sections.map((s) => s.name)).toEqual(['微课资源', '教学文档', '教研成果']);
    expect(home.data.sections.every((s) => s.list.length === 8)).toBe(true);
    expect((await anon()(routes.trainTypes)).data.map((x) => x.name)).toContain('教研论文');
    const members = await anon()(routes.memberRank, { query: { size: 5 } });
    const counts = members.data.map((m) => m.resourceCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const hot = await publishDoc(t, teacher.call, 'lijg', { title: '本周最热的复习资料' });
    // A generated resource scores at most 149 views + 3 × 44 downloads = 281 in the window; 300 views today win.
    for (let i = 0; i < 300; i++) await anon()(routes.countView, { query: { id: hot, kind: 'view' } });
    // First ask of this app instance, so not served from the one-minute cache.
    const rank = await anon()(routes.resourceRank, { query: { size: 3, days: 7 } });
    expect(rank.data[0]).toMatchObject({ id: hot, views: 300, downloads: 0, score: 300 });
    const scores = rank.data.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('interactions', () => {
  it('concurrent star and collect toggles end in a consistent count', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '勾股定理微课配套学案' });
    const users = await Promise.all(['zhangxm', 'wangcy', 'liujy', 'chensy'].map((u) => loginAs(t, u)));
    // Every user fires 7 toggles at once (odd: each ends starred) and 6 "set collected" requests.
    await Promise.all(
      users.flatMap((u) => [
        ...Array.from({ length: 7 }, () => u.call(routes.star, { query: { id } })),
        ...Array.from({ length: 6 }, () => u.call(routes.collect, { query: { id, state: '1' } })),
      ]),
    );
    const resource = await t.prisma.resource.findUniqueOrThrow({ where: { id } });
    expect(resource.starCount).toBe(await t.prisma.resourceStar.count({ where: { resourceId: id } }));
    expect(resource.starCount).toBe(4);
    expect(resource.collectCount).toBe(4);
    const unstar = await users[0]!.call(routes.star, { query: { id, state: '0' } });
    expect(unstar.data).toEqual({ active: false, count: 3 });
    const again = await users[0]!.call(routes.star, { query: { id, state: '0' } });
    expect(again.data).toEqual({ active: false, count: 3 });
  });

  it('records views, plays and the play position; history lists and deletes', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '圆的面积微课学习单' });
    const counts = await other.call(routes.countView, { query: { id, kind: 'play' } });
    expect(counts.data.playCount).toBe(1);
    await other.call(routes.playRecord, { query: { id, position: 95 } });
    expect((await other.call(routes.resourceInfo, { query: { id } })).data.playPosition).toBe(95);
    const history = await other.call(routes.viewHistory, { query: { current: 1, size: 10 } });
    expect(history.data.objList[0]).toMatchObject({ id, playPosition: 95 });
    expect((await other.call(routes.homeViews)).data[0]!.id).toBe(id);
    await other.call(routes.viewDelete, { query: { id } });
    expect(
      (await other.call(routes.viewHistory, { query: { current: 1, size: 10 } })).data.objList.map((r) => r.id),
    ).not.toContain(id);
    await other.call(routes.countView, { query: { id, kind: 'view' } });
    await other.call(routes.viewDeleteAll);
    expect((await other.call(routes.viewHistory, { query: { current: 1, size: 10 } })).data.pageBean.totalCount).toBe(
      0,
    );
  });

  it('lists my stars and collections; nothing of another user', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '九年级化学酸和碱复习课件' });
    await other.call(routes.collect, { query: { id, state: '1' } });
    await other.call(routes.star, { query: { id, state: '1' } });
    expect((await other.call(routes.myCollects, { body: { current: 1, size: 10 } })).data.objList[0]!.id).toBe(id);
    expect((await other.call(routes.myStars, { body: { current: 1, size: 10 } })).data.objList[0]!.id).toBe(id);
    const mine = await teacher.call(routes.myCollects, { body: { current: 1, size: 50 } });
    expect(mine.data.objList.map((r) => r.id)).not.toContain(id);
  });

  it('refuses interactions on unpublished resources', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '待审核的资源', approve: false });
    expect((await other.call(routes.star, { query: { id } })).code).toBe(40400);
    expect((await anon()(routes.countView, { query: { id, kind: 'view' } })).code).toBe(40400);
    expect((await other.call(routes.commentSave, { body: { resourceId: id, content: '你好' } })).code).toBe(40400);
  });

  it('answers the author opening their pending resource without counting the view', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '作者自己查看的待审核资源', approve: false });
    const seen = await teacher.call(routes.countView, { query: { id, kind: 'view' } });
    expect(seen).toMatchObject({ code: 0, data: { viewCount: 0, playCount: 0 } });
    const row = await t.prisma.resource.findUniqueOrThrow({ where: { id }, select: { viewCount: true } });
    expect(row.viewCount).toBe(0);
    expect(await t.prisma.resourceDailyStat.count({ where: { resourceId: id } })).toBe(0);
    expect(await t.prisma.viewHistory.count({ where: { resourceId: id } })).toBe(0);
  });

  it('takes reports once, and a takedown hides the resource and closes its reports', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '疑似侵权的课件' });
    const first = await other.call(routes.report, {
      body: { resourceId: id, category: 'copyright', content: '转载自出版社教材' },
    });
    expect(first.code).toBe(0);
    const again = await other.call(routes.report, { body: { resourceId: id, category: 'other', content: '' } });
    expect(again.code).toBe(40900);
    await createReviewAdmin(t.prisma).takeDown(id, '侵犯版权');
    expect((await anon()(routes.resourceOpen, { query: { id } })).code).toBe(40400);
    const report = await t.prisma.report.findUniqueOrThrow({ where: { id: first.data.id } });
    expect(report.status).toBe('ACTIONED');
  });
});

describe('comments', () => {
  it('saves, lists with first replies, and keeps counts; only the author or an admin deletes', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '光的折射实验演示' });
    const c = await other.call(routes.commentSave, {
      body: { resourceId: id, content: '<script>alert(1)</script> 讲得好' },
    });
    expect(c.data).toMatchObject({ content: '<script>alert(1)</script> 讲得好', mine: true, replyCount: 0 });
    for (let i = 0; i < 4; i++) {
      await teacher.call(routes.replySave, {
        body: { commentId: c.data.id, content: `回复 ${i}`, replyToMemberId: other.memberId },
      });
    }
    const list = await anon()(routes.commentList, { body: { resourceId: id, current: 1, size: 10 } });
    expect(list.data.objList[0]).toMatchObject({ replyCount: 4, mine: false });
    expect(list.data.objList[0]!.replies.map((r) => r.content)).toEqual(['回复 0', '回复 1', '回复 2']);
    expect(list.data.objList[0]!.replies[0]!.replyTo?.realName).toBe('张晓梅');
    const replies = await anon()(routes.replyList, { body: { commentId: c.data.id, current: 2, size: 3 } });
    expect(replies.data.objList.map((r) => r.content)).toEqual(['回复 3']);
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).commentCount).toBe(1);

    const replyId = list.data.objList[0]!.replies[0]!.id;
    expect((await other.call(routes.commentDelete, { query: { id: replyId, kind: 'reply' } })).code).toBe(40300);
    expect((await teacher.call(routes.commentDelete, { query: { id: c.data.id, kind: 'comment' } })).code).toBe(40300);
    expect((await teacher.call(routes.commentDelete, { query: { id: replyId, kind: 'reply' } })).code).toBe(0);
    expect((await admin.call(routes.commentDelete, { query: { id: c.data.id, kind: 'comment' } })).code).toBe(0);
    expect((await t.prisma.resource.findUniqueOrThrow({ where: { id } })).commentCount).toBe(0);
    expect(await t.prisma.reply.count({ where: { commentId: c.data.id } })).toBe(0);
  });

  it('enforces length limits with a Chinese message', async () => {
    const id = await publishDoc(t, teacher.call, 'lijg', { title: '评论长度测试资源' });
    const long = await other.call(routes.commentSave, { body: { resourceId: id, content: '好'.repeat(501) } });
    expect(long.msg).toContain('内容不能超过 500 个字');
    const blank = await other.call(routes.commentSave, { body: { resourceId: id, content: '   ' } });
    expect(blank.msg).toContain('请输入内容');
  });
});

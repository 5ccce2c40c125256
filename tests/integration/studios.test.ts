import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStudios } from '../../apps/api/src/demo/studios.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { dictIds, makeFile, publishDoc } from '../support/library.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * Studios (名师工作室) and the personal centre's profile: the studio list joins role studios and memberships, anyone
 * reads a studio, only the leader manages it, members share only their own published resources, resources that
 * stop being public vanish from the studio, and bad input is refused in Chinese with nothing changed.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let wangcy: Client; // leader of 1001
let lijg: Client; // member of 1001, leader of 1002
let liujy: Client; // not a member of 1001
let chensy: Client; // researcher, member of 1001
let visitor: ReturnType<TestApp['client']>;
const own: Record<string, number> = {};

const fingerprint = () => databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles'] });

/** The call is refused with `code` and a Chinese message, and the database is as it was. */
const expectRefusedUnchanged = async (
  call: () => Promise<{ code: number; msg: string }>,
  code: number,
  message?: RegExp,
) => {
  // Thumbnails of files uploaded earlier are made in the background: let them finish first.
  await t.app.previews.drain();
  const before = await fingerprint();
  const res = await call();
  expect(res.code, res.msg).toBe(code);
  expect(res.msg).toMatch(message ?? /[\u4e00-\u9fa5]/);
  expect(await fingerprint()).toBe(before);
};

const roleOf = async (client: Client) => {
  const roles = await client.call(routes.getRoleList);
  return { roleId: roles.data[0]!.roleId, roleTypeId: roles.data[0]!.roleTypeId };
};
const studioNames = async (client: Client) =>
  (await client.call(routes.getStudioList, { query: await roleOf(client) })).data.list.map((s) => s.toUrl);
const sharedIds = async (code: string) =>
  (await visitor.call(routes.studioResources, { query: { code, size: 48 } })).data.objList.map((c) => c.id);

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  wangcy = await loginAs(t, 'wangcy');
  lijg = await loginAs(t, 'lijg');
  liujy = await loginAs(t, 'liujy');
  chensy = await loginAs(t, 'chensy');
  visitor = t.client();
  // Each demo teacher has a published resource before the demo studios are seeded, so the seed shares them.
  own.wangcy = await publishDoc(t, wangcy.call, 'wangcy', {
    title: '牛顿第一定律实验学案',
    stage: '高中',
    subject: '物理',
  });
  own.lijg = await publishDoc(t, lijg.call, 'lijg', { title: '一元二次方程教学设计' });
  own.chensy = await publishDoc(t, chensy.call, 'chensy', { title: '英语阅读问题链设计', subject: '英语' });
  own.liujy = await publishDoc(t, liujy.call, 'liujy', { title: '分数的初步认识', stage: '小学' });
  expect(await seedDemoStudios(t.prisma)).toBe(6);
  // Idempotent: a second run changes nothing.
  await t.app.previews.drain();
  const before = await fingerprint();
  expect(await seedDemoStudios(t.prisma)).toBe(0);
  expect(await fingerprint()).toBe(before);
});

describe('studio list', () => {
  it('answers the role studios and the memberships together, each once', async () => {
    // lijg: teacher (1001-1003), member of 1001 and 2001, leader of 1002 (also a teacher studio: listed once).
    expect(await studioNames(lijg)).toEqual([
      '/auth/studio/1001',
      '/auth/studio/1002',
      '/auth/studio/1003',
      '/auth/studio/2001',
    ]);
    // chensy: researcher (2001) and member of 1001, 1002 and 4001.
    expect(await studioNames(chensy)).toEqual([
      '/auth/studio/1001',
      '/auth/studio/1002',
      '/auth/studio/2001',
      '/auth/studio/4001',
    ]);
    const foreign = await chensy.call(routes.getStudioList, { query: await roleOf(lijg) });
    expect(foreign.code).toBe(40300);
  });
});

describe('reading a studio', () => {
  it('is open to visitors: home, members (leader first), shared resources and announcements', async () => {
    const home = await visitor.call(routes.studioHome, { query: { code: '1001' } });
    expect(home.code, home.msg).toBe(0);
    expect(home.data.name).toBe('王春燕名师工作室');
    expect(home.data.leader?.realName).toBe('王春燕');
    expect(home.data.leader?.schoolName).toBe('海淀区育才高级中学');
    expect(home.data.intro).toContain('实验探究');
    expect(home.data.memberCount).toBe(4);
    expect(home.data.resourceCount).toBe(3); // wangcy, lijg and chensy shared theirs; zhangxm has none
    expect(home.data.announcementCount).toBe(2);
    expect(home.data.viewer).toEqual({ isMember: false, isLeader: false });

    const members = await visitor.call(routes.studioMembers, { query: { code: '1001' } });
    expect(members.data.objList.map((m) => [m.realName, m.isLeader])).toEqual([
      ['王春燕', true],
      ['李建国', false],
      ['陈思远', false],
      ['张晓梅', false],
    ]);
    const resources = await visitor.call(routes.studioResources, { query: { code: '1001' } });
    expect(resources.data.objList.map((c) => c.id).sort()).toEqual([own.wangcy, own.lijg, own.chensy].sort());
    expect(resources.data.objList[0]?.sharedByName).toBeTruthy();
    const notes = await visitor.call(routes.studioAnnouncements, { query: { code: '1001' } });
    expect(notes.data.objList.map((n) => n.title)).toEqual(['本月集体备课安排', '欢迎新成员加入']);
    expect(notes.data.objList[0]?.authorName).toBe('王春燕');

    expect((await wangcy.call(routes.studioHome, { query: { code: '1001' } })).data.viewer).toEqual({
      isMember: true,
      isLeader: true,
    });
    expect((await lijg.call(routes.studioHome, { query: { code: '1001' } })).data.viewer).toEqual({
      isMember: true,
      isLeader: false,
    });
  });

  it('answers 404 工作室不存在 for an unknown code', async () => {
    for (const route of [routes.studioHome, routes.studioMembers, routes.studioResources, routes.studioAnnouncements]) {
      const res = await visitor.call(route, { query: { code: '9999' } });
      expect(res.code).toBe(40400);
      expect(res.msg).toBe('工作室不存在');
    }
  });
});

describe('leader-only actions', () => {
  it('refuses members, outsiders (403) and visitors (401), changing nothing', async () => {
    const body = { code: '1001', account: 'liujy' };
    await expectRefusedUnchanged(() => lijg.call(routes.studioMemberAdd, { body }), 40300, /负责人/);
    await expectRefusedUnchanged(() => liujy.call(routes.studioMemberAdd, { body }), 40300, /负责人/);
    await expectRefusedUnchanged(() => visitor.call(routes.studioMemberAdd, { body }), 40100);
    const note = { code: '1001', title: '越权公告', body: '不应出现' };
    await expectRefusedUnchanged(() => lijg.call(routes.studioAnnouncementSave, { body: note }), 40300);
    await expectRefusedUnchanged(() => liujy.call(routes.studioAnnouncementSave, { body: note }), 40300);
    const [first] = (await visitor.call(routes.studioAnnouncements, { query: { code: '1001' } })).data.objList;
    await expectRefusedUnchanged(
      () => lijg.call(routes.studioAnnouncementDelete, { body: { code: '1001', id: first!.id } }),
      40300,
    );
    await expectRefusedUnchanged(
      () => lijg.call(routes.studioIntroSave, { body: { code: '1001', intro: '改掉简介' } }),
      40300,
    );
    await expectRefusedUnchanged(
      () => lijg.call(routes.studioMemberRemove, { body: { code: '1001', memberId: chensy.memberId } }),
      40300,
    );
    await expectRefusedUnchanged(
      () => lijg.call(routes.studioUnshare, { body: { code: '1001', resourceId: own.chensy! } }),
      40300,
      /本人分享/,
    );
  });

  it('adds a member by user name or phone, refusing unknown accounts, duplicates and the leader leaving', async () => {
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioMemberAdd, { body: { code: '1001', account: 'nobody' } }),
      40400,
      /未找到该用户/,
    );
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioMemberAdd, { body: { code: '1001', account: 'lijg' } }),
      40900,
      /已是工作室成员/,
    );
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioMemberAdd, { body: { code: '1001', account: '' } }),
      40000,
    );
    const added = await wangcy.call(routes.studioMemberAdd, { body: { code: '1001', account: '13912345605' } });
    expect(added.code, added.msg).toBe(0);
    expect(added.data.realName).toBe('刘佳怡');
    const members = await visitor.call(routes.studioMembers, { query: { code: '1001' } });
    expect(members.data.objList.at(-1)?.realName).toBe('刘佳怡');
    expect((await liujy.call(routes.studioHome, { query: { code: '1001' } })).data.viewer.isMember).toBe(true);
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioMemberRemove, { body: { code: '1001', memberId: wangcy.memberId } }),
      40000,
      /负责人不能被移出/,
    );
    await expectRefusedUnchanged(() => wangcy.call(routes.studioLeave, { body: { code: '1001' } }), 40000);
  });

  it('posts and deletes announcements, edits the introduction and the cover', async () => {
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioAnnouncementSave, { body: { code: '1001', title: '', body: '内容' } }),
      40000,
      /标题/,
    );
    await expectRefusedUnchanged(
      () =>
        wangcy.call(routes.studioAnnouncementSave, { body: { code: '1001', title: '标题', body: '长'.repeat(2001) } }),
      40000,
    );
    const posted = await wangcy.call(routes.studioAnnouncementSave, {
      body: { code: '1001', title: '下周教研', body: '周三下午集体备课。' },
    });
    expect(posted.code, posted.msg).toBe(0);
    const list = await visitor.call(routes.studioAnnouncements, { query: { code: '1001' } });
    expect(list.data.objList[0]?.title).toBe('下周教研');
    expect(
      (await wangcy.call(routes.studioAnnouncementDelete, { body: { code: '1001', id: posted.data.id } })).code,
    ).toBe(0);
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioAnnouncementDelete, { body: { code: '1001', id: posted.data.id } }),
      40400,
    );
    // An announcement of another studio cannot be deleted through this one.
    const other = await lijg.call(routes.studioAnnouncementSave, {
      body: { code: '1002', title: '工作坊通知', body: '内容' },
    });
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioAnnouncementDelete, { body: { code: '1001', id: other.data.id } }),
      40400,
    );
    const intro = await wangcy.call(routes.studioIntroSave, { body: { code: '1001', intro: '  新的简介  ' } });
    expect(intro.data.intro).toBe('新的简介');
    expect((await visitor.call(routes.studioHome, { query: { code: '1001' } })).data.intro).toBe('新的简介');

    // The cover: an image the leader uploaded; anyone then sees it. Someone else's image is refused.
    const upload = await postDocument(t.url, cookieOf(wangcy.jar), '封面.png', png(320, 120));
    const coverId = upload.json.data.id as string;
    const others = await postDocument(t.url, cookieOf(lijg.jar), '别人的.png', png());
    await expectRefusedUnchanged(
      () =>
        wangcy.call(routes.studioIntroSave, {
          body: { code: '1001', intro: '新的简介', coverFileId: others.json.data.id as string },
        }),
      40000,
      /封面须为本人上传的图片/,
    );
    const withCover = await wangcy.call(routes.studioIntroSave, {
      body: { code: '1001', intro: '新的简介', coverFileId: coverId },
    });
    expect(withCover.code, withCover.msg).toBe(0);
    const seen = (await visitor.call(routes.studioHome, { query: { code: '1001' } })).data;
    expect(seen.coverFileId).toBe(coverId);
    const bytes = await fetch(`${t.url}${seen.coverUrl}`);
    expect(bytes.status).toBe(200);
    expect((await fetch(`${t.url}/api/file/thumbnail/${coverId}`)).status).toBe(200);
    // Without coverFileId the cover stays; null takes it away.
    await wangcy.call(routes.studioIntroSave, { body: { code: '1001', intro: '只改简介' } });
    expect((await visitor.call(routes.studioHome, { query: { code: '1001' } })).data.coverFileId).toBe(coverId);
    await wangcy.call(routes.studioIntroSave, { body: { code: '1001', intro: '新的简介', coverFileId: null } });
    expect((await visitor.call(routes.studioHome, { query: { code: '1001' } })).data.coverUrl).toBeNull();
  });
});

describe('sharing', () => {
  it('lets a member share only their own published resources', async () => {
    const mine = await publishDoc(t, liujy.call, 'liujy', { title: '小数的意义', stage: '小学' });
    const pending = await publishDoc(t, liujy.call, 'liujy', { title: '待审核的资源', stage: '小学', approve: false });
    const outsiderOwn = await publishDoc(t, wangcy.call, 'wangcy', {
      title: '自由落体',
      stage: '高中',
      subject: '物理',
    });
    // liujy joined 1001 above; 1003 has her too; 2001 does not.
    await expectRefusedUnchanged(
      () => liujy.call(routes.studioShare, { body: { code: '1001', resourceId: outsiderOwn } }),
      40000,
      /本人已发布/,
    );
    await expectRefusedUnchanged(
      () => liujy.call(routes.studioShare, { body: { code: '1001', resourceId: pending } }),
      40000,
      /本人已发布/,
    );
    await expectRefusedUnchanged(
      () => liujy.call(routes.studioShare, { body: { code: '2001', resourceId: mine } }),
      40300,
      /成员/,
    );
    await expectRefusedUnchanged(
      () => visitor.call(routes.studioShare, { body: { code: '1001', resourceId: mine } }),
      40100,
    );
    const shareable = await liujy.call(routes.studioShareable, { query: { code: '1001' } });
    expect(shareable.data.objList.find((c) => c.id === mine)?.shared).toBe(false);
    expect(shareable.data.objList.some((c) => c.id === pending)).toBe(false);
    expect((await liujy.call(routes.studioShare, { body: { code: '1001', resourceId: mine } })).code).toBe(0);
    await expectRefusedUnchanged(
      () => liujy.call(routes.studioShare, { body: { code: '1001', resourceId: mine } }),
      40900,
    );
    expect(
      (await liujy.call(routes.studioShareable, { query: { code: '1001' } })).data.objList.find((c) => c.id === mine)
        ?.shared,
    ).toBe(true);
    expect(await sharedIds('1001')).toContain(mine);
    // The member withdraws their own share; the leader may remove anyone's.
    expect((await liujy.call(routes.studioUnshare, { body: { code: '1001', resourceId: mine } })).code).toBe(0);
    expect(await sharedIds('1001')).not.toContain(mine);
    expect((await wangcy.call(routes.studioUnshare, { body: { code: '1001', resourceId: own.lijg! } })).code).toBe(0);
    expect(await sharedIds('1001')).not.toContain(own.lijg);
  });

  it('drops deleted and unpublished resources from the studio without errors', async () => {
    const a = await publishDoc(t, chensy.call, 'chensy', { title: '阅读策略一', subject: '英语' });
    const b = await publishDoc(t, chensy.call, 'chensy', { title: '阅读策略二', subject: '英语' });
    for (const id of [a, b]) {
      expect((await chensy.call(routes.studioShare, { body: { code: '1001', resourceId: id } })).code).toBe(0);
    }
    const before = (await visitor.call(routes.studioHome, { query: { code: '1001' } })).data.resourceCount;
    expect((await chensy.call(routes.resourceDelete, { query: { id: a } })).code).toBe(0);
    await t.prisma.resource.update({ where: { id: b }, data: { status: 'TAKEN_DOWN' } });
    const page = await visitor.call(routes.studioResources, { query: { code: '1001' } });
    expect(page.code).toBe(0);
    expect(page.data.objList.map((c) => c.id)).not.toContain(a);
    expect(page.data.objList.map((c) => c.id)).not.toContain(b);
    expect(page.data.pageBean.totalCount).toBe(before - 2);
    expect((await visitor.call(routes.studioHome, { query: { code: '1001' } })).data.resourceCount).toBe(before - 2);
  });

  it('withdraws a removed member’s shares with them; a member may leave', async () => {
    const mine = await publishDoc(t, liujy.call, 'liujy', { title: '百分数的应用', stage: '小学' });
    expect((await liujy.call(routes.studioShare, { body: { code: '1001', resourceId: mine } })).code).toBe(0);
    const removed = await wangcy.call(routes.studioMemberRemove, { body: { code: '1001', memberId: liujy.memberId } });
    expect(removed.code, removed.msg).toBe(0);
    expect(await sharedIds('1001')).not.toContain(mine);
    const members = await visitor.call(routes.studioMembers, { query: { code: '1001' } });
    expect(members.data.objList.map((m) => m.realName)).not.toContain('刘佳怡');
    await expectRefusedUnchanged(
      () => wangcy.call(routes.studioMemberRemove, { body: { code: '1001', memberId: liujy.memberId } }),
      40400,
    );
    expect((await chensy.call(routes.studioLeave, { body: { code: '1001' } })).code).toBe(0);
    expect((await chensy.call(routes.studioHome, { query: { code: '1001' } })).data.viewer.isMember).toBe(false);
    await expectRefusedUnchanged(() => chensy.call(routes.studioLeave, { body: { code: '1001' } }), 40300);
  });
});

describe('profile', () => {
  it('shows the roster fields and saves bio, stage/subject and an own image as avatar', async () => {
    const profile = await liujy.call(routes.getProfile);
    expect(profile.data).toMatchObject({ realName: '刘佳怡', schoolName: '海淀区实验小学', bio: '', avatarUrl: null });
    const upload = await postDocument(t.url, cookieOf(liujy.jar), '头像.png', png());
    expect(upload.json.code, upload.json.msg).toBe(0);
    const image = { id: upload.json.data.id as string };
    const { stageId, subjectId } = await dictIds(t, '小学', '语文');
    const saved = await liujy.call(routes.profileSave, {
      body: { bio: '  专注小学数学与阅读  ', avatarFileId: image.id, stageId, subjectId },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ bio: '专注小学数学与阅读', avatarFileId: image.id, subjectName: '语文' });
    expect(saved.data.avatarUrl).toMatch(/^\/api\/file\/content\/.+sig=/);
    // Avatars are public: another user may read its file info, and the members list carries it.
    expect((await wangcy.call({ ...routes.fileInfo, path: routes.fileInfo.path.replace(':id', image.id) })).code).toBe(
      0,
    );
    const bytes = await fetch(`${t.url}${saved.data.avatarUrl}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toMatch(/^image\//);
    const thumb = await fetch(`${t.url}/api/file/thumbnail/${image.id}`);
    expect(thumb.status).toBe(200);
    const members = await visitor.call(routes.studioMembers, { query: { code: '1003' } });
    expect(members.data.objList.find((m) => m.realName === '刘佳怡')?.avatarUrl).toMatch(/sig=/);
  });

  it('refuses a long bio, someone else’s or a non-image avatar and a subject of another stage, changing nothing', async () => {
    const current = (await liujy.call(routes.getProfile)).data;
    const keep = {
      bio: current.bio,
      avatarFileId: current.avatarFileId,
      stageId: current.stageId,
      subjectId: current.subjectId,
    };
    await expectRefusedUnchanged(
      () => liujy.call(routes.profileSave, { body: { ...keep, bio: '字'.repeat(201) } }),
      40000,
      /200/,
    );
    const others = await makeFile(t, 'lijg', 'image', '别人的.png');
    await expectRefusedUnchanged(
      () => liujy.call(routes.profileSave, { body: { ...keep, avatarFileId: others.id } }),
      40000,
      /本人上传的图片/,
    );
    const doc = await makeFile(t, 'liujy', 'document', '教案.docx');
    await expectRefusedUnchanged(
      () => liujy.call(routes.profileSave, { body: { ...keep, avatarFileId: doc.id } }),
      40000,
      /本人上传的图片/,
    );
    const high = await dictIds(t, '高中', '物理');
    await expectRefusedUnchanged(
      () => liujy.call(routes.profileSave, { body: { ...keep, subjectId: high.subjectId } }),
      40000,
    );
    await expectRefusedUnchanged(() => visitor.call(routes.profileSave, { body: keep }), 40100);
    // 200 characters exactly is fine.
    expect((await liujy.call(routes.profileSave, { body: { ...keep, bio: '字'.repeat(200) } })).code).toBe(0);
  });
});

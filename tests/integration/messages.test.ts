import { routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import { sendMessage } from '../../apps/api/src/modules/messages/service.ts';
import { createWorkOrderAdmin } from '../../apps/api/src/modules/workorders/service.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { makeFile, publishDoc } from '../support/library.ts';

let t: TestApp;
let lijg: Awaited<ReturnType<typeof loginAs>>;
let zhang: Awaited<ReturnType<typeof loginAs>>;
testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  lijg = await loginAs(t, 'lijg');
  zhang = await loginAs(t, 'zhangxm');
});

const userId = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;

describe('messages', () => {
  it('review results, replies and announcements arrive; each user sees only theirs', async () => {
    const id = await publishDoc(t, lijg.call, 'lijg', { title: '消息测试资源', approve: false });
    await createReviewAdmin(t.prisma).approve(id);
    const comment = await lijg.call(routes.commentSave, { body: { resourceId: id, content: '欢迎交流' } });
    await zhang.call(routes.replySave, { body: { commentId: comment.data.id, content: '很有帮助，谢谢！' } });
    await sendMessage(t.prisma, { userId: null, type: 'announcement', title: '寒假安排', content: '1 月 20 日起放假' });

    const mine = await lijg.call(routes.messageList, { query: { current: 1, size: 10 } });
    const titles = mine.data.objList.map((m) => m.title);
    expect(titles).toEqual(['寒假安排', '张晓梅回复了您在“消息测试资源”下的评论', '审核通过：消息测试资源']);
    expect(mine.data.objList[2]!.link).toBe(`/home/documents/details?id=${id}`);
    const theirs = await zhang.call(routes.messageList, { query: { current: 1, size: 10 } });
    expect(theirs.data.objList.map((m) => m.title)).toEqual(['寒假安排']);
    // Another user's message is not found for them.
    const foreign = await zhang.call(routes.messageDetail, { query: { id: mine.data.objList[1]!.id } });
    expect(foreign.code).toBe(40400);
  });

  it('keeps the unread count right under concurrent reads, filters by read state, reads all', async () => {
    const uid = await userId('wangcy');
    const user = await loginAs(t, 'wangcy');
    const before = (await user.call(routes.unreadMessageCount)).data.unread;
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        sendMessage(t.prisma, { userId: uid, type: 'sale', title: `售出通知 ${i}`, content: '…' }),
      ),
    );
    expect((await user.call(routes.unreadMessageCount)).data.unread).toBe(before + 5);
    // Ten concurrent reads of the same two messages count once each.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => user.call(routes.messageRead, { query: { id: created[i % 2]!.id } })),
    );
    expect((await user.call(routes.unreadMessageCount)).data.unread).toBe(before + 3);
    const unreadOnly = await user.call(routes.messageList, { query: { current: 1, size: 50, read: '0' } });
    expect(unreadOnly.data.objList.every((m) => !m.read)).toBe(true);
    const detail = await user.call(routes.messageDetail, { query: { id: created[4]!.id } });
    expect(detail.data.read).toBe(true);
    const all = await Promise.all([user.call(routes.messageReadAll), user.call(routes.messageReadAll)]);
    expect(all.map((a) => a.data.unread)).toEqual([0, 0]);
    await sendMessage(t.prisma, { userId: null, type: 'announcement', title: '新公告', content: '…' });
    expect((await user.call(routes.unreadMessageCount)).data.unread).toBe(1);
  });

  it('an announcement is one row, however many users', async () => {
    const before = await t.prisma.message.count();
    await sendMessage(t.prisma, { userId: null, type: 'announcement', title: '全体公告', content: '…' });
    expect(await t.prisma.message.count()).toBe(before + 1);
  });
});

describe('work orders', () => {
  it('files a work order with own attachments; reply sends a message; others never see it', async () => {
    const file = await makeFile(t, 'lijg', 'image', '截图.png');
    const created = await lijg.call(routes.workOrderInsert, {
      body: {
        category: 'upload',
        title: '视频上传失败',
        description: '上传到 80% 提示网络异常',
        contact: '13912345602',
        attachmentIds: [file.id],
      },
    });
    expect(created.data).toMatchObject({ status: 'OPEN', attachmentIds: [file.id] });
    const foreignFile = await makeFile(t, 'zhangxm', 'image');
    const before = await databaseFingerprint(t.databaseUrl);
    const refused = await lijg.call(routes.workOrderInsert, {
      body: {
        category: 'upload',
        title: '另一个问题',
        description: '附件不是我的文件',
        contact: '13912345602',
        attachmentIds: [foreignFile.id],
      },
    });
    expect(refused.msg).toBe('附件不存在或不属于当前用户，请重新上传');
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);

    expect((await zhang.call(routes.workOrderInfo, { query: { current: 1, size: 10 } })).data.pageBean.totalCount).toBe(
      0,
    );
    expect(
      (await zhang.call(routes.workOrderInfo, { query: { current: 1, size: 10, id: created.data.id } })).data.objList,
    ).toEqual([]);

    await createWorkOrderAdmin(t.prisma).answer(created.data.id, '请更换网络后重试，断点续传会从已上传处继续。');
    const mine = await lijg.call(routes.workOrderInfo, { query: { current: 1, size: 10, id: created.data.id } });
    expect(mine.data.objList[0]).toMatchObject({
      status: 'ANSWERED',
      reply: '请更换网络后重试，断点续传会从已上传处继续。',
    });
    const messages = await lijg.call(routes.messageList, { query: { current: 1, size: 10, type: 'work_order' } });
    expect(messages.data.objList[0]!.title).toBe('工单已回复：视频上传失败');
    // Both spellings of the path answer.
    const single = await fetch(`${t.url}/es/wo/info?current=1&size=10`, {
      headers: { cookie: [...lijg.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect((await single.json()).data.pageBean.totalCount).toBe(1);
    await createWorkOrderAdmin(t.prisma).close(created.data.id);
    await expect(createWorkOrderAdmin(t.prisma).answer(created.data.id, '再次回复')).rejects.toThrow(/已关闭/);
  });
});

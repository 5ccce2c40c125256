import { MESSAGES, makePageBean } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { batch, transaction } from '../../lib/transaction.ts';
import { PUBLISHED } from '../../lib/visibility.ts';
import { type PersonName, peopleOf, userById, userByMemberId } from '../auth/users.ts';
import { sendMessage } from '../messages/service.ts';
import { resourceDetailLink } from './links.ts';

interface ReplyRow {
  id: number;
  comment_id: number;
  content: string;
  user_id: number;
  reply_to_user_id: number | null;
  created_at: Date;
}

const REPLY_SELECT = `
  SELECT p.id, p.comment_id, p.content, p.user_id, p.reply_to_user_id, p.created_at FROM replies p`;

const personOf = (people: Map<number, PersonName>, id: number) => {
  const person = people.get(id);
  return { memberId: person?.memberId ?? '', realName: person?.realName ?? '' };
};

const toReply = (r: ReplyRow, people: Map<number, PersonName>, viewer: SessionUser | null) => ({
  id: r.id,
  commentId: r.comment_id,
  content: r.content,
  user: personOf(people, r.user_id),
  replyTo: r.reply_to_user_id !== null && people.has(r.reply_to_user_id) ? personOf(people, r.reply_to_user_id) : null,
  createdAt: r.created_at.toISOString(),
  mine: viewer?.id === r.user_id,
});

/** Everyone a page of comments and replies names: writers and the users replied to. */
const peopleNamedIn = (db: PrismaClient, comments: { user_id: number }[], replies: ReplyRow[]) =>
  peopleOf(db, [
    ...comments.map((c) => c.user_id),
    ...replies.flatMap((r) => (r.reply_to_user_id === null ? [r.user_id] : [r.user_id, r.reply_to_user_id])),
  ]);

export const createCommentService = (prisma: PrismaClient) => {
  const publishedResource = async (resourceId: number) => {
    const r = await prisma.resource.findFirst({ where: { id: resourceId, ...PUBLISHED } });
    if (!r) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrUnpublished);
    return r;
  };

  const replyRows = (where: string, params: unknown[]) =>
    prisma.$queryRawUnsafe<ReplyRow[]>(`${REPLY_SELECT} ${where}`, ...params);

  const repliesOf = async (where: string, params: unknown[], viewer: SessionUser | null) => {
    const rows = await replyRows(where, params);
    const people = await peopleNamedIn(prisma, [], rows);
    return rows.map((r) => toReply(r, people, viewer));
  };

  const commentsById = async (ids: number[], viewer: SessionUser | null) => {
    if (ids.length === 0) return [];
    const rows = await prisma.$queryRaw<
      {
        id: number;
        resource_id: number;
        content: string;
        user_id: number;
        reply_count: number;
        created_at: Date;
      }[]
    >`
      SELECT c.id, c.resource_id, c.content, c.user_id, c.reply_count, c.created_at
      FROM comments c WHERE c.id = ANY(${ids}::int[])`;
    // The first three replies of each comment, in one query.
    const replyList = await replyRows(
      `WHERE p.id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY comment_id ORDER BY created_at, id) AS n
         FROM replies WHERE comment_id = ANY($1::int[])) x WHERE n <= 3) ORDER BY p.created_at, p.id`,
      [ids],
    );
    const people = await peopleNamedIn(prisma, rows, replyList);
    const replies = replyList.map((r) => toReply(r, people, viewer));
    const byId = new Map(rows.map((c) => [c.id, c]));
    return ids.flatMap((id) => {
      const c = byId.get(id);
      if (!c) return [];
      return [
        {
          id: c.id,
          resourceId: c.resource_id,
          content: c.content,
          user: personOf(people, c.user_id),
          createdAt: c.created_at.toISOString(),
          replyCount: c.reply_count,
          replies: replies.filter((r) => r.commentId === c.id),
          mine: viewer?.id === c.user_id,
        },
      ];
    });
  };

  return {
    save: async (user: SessionUser, resourceId: number, content: string) => {
      await publishedResource(resourceId);
      const id = await transaction(prisma, async (tx) => {
        const comment = await tx.comment.create({ data: { resourceId, userId: user.id, content } });
        await tx.$executeRaw`
          UPDATE resources SET comment_count = (SELECT count(*) FROM comments WHERE resource_id = ${resourceId})
          WHERE id = ${resourceId}`;
        return comment.id;
      });
      const [comment] = await commentsById([id], user);
      return comment!;
    },

    list: async (viewer: SessionUser | null, resourceId: number, current: number, size: number) => {
      await publishedResource(resourceId);
      const [ids, totalCount] = await Promise.all([
        prisma.comment.findMany({
          where: { resourceId },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (current - 1) * size,
          take: size,
          select: { id: true },
        }),
        prisma.comment.count({ where: { resourceId } }),
      ]);
      return {
        objList: await commentsById(
          ids.map((c) => c.id),
          viewer,
        ),
        pageBean: makePageBean(current, size, totalCount),
      };
    },

    reply: async (user: SessionUser, commentId: number, content: string, replyToMemberId?: string) => {
      const comment = await prisma.comment.findUnique({ where: { id: commentId } });
      if (!comment) throw new AppError('NOT_FOUND', MESSAGES.comment.notFound);
      await publishedResource(comment.resourceId);
      const replyTo = replyToMemberId ? await userByMemberId(prisma, replyToMemberId) : null;
      if (replyToMemberId && !replyTo) throw new AppError('BAD_REQUEST', MESSAGES.comment.replyToUserNotFound);
      const id = await transaction(prisma, async (tx) => {
        const reply = await tx.reply.create({
          data: { commentId, userId: user.id, content, replyToUserId: replyTo?.id ?? null },
        });
        await tx.$executeRaw`
          UPDATE comments SET reply_count = (SELECT count(*) FROM replies WHERE comment_id = ${commentId})
          WHERE id = ${commentId}`;
        // The comment's author and the user replied to hear of it (never oneself).
        const resource = await tx.resource.findUniqueOrThrow({ where: { id: comment.resourceId } });
        const replier = await userById(tx, user.id);
        const to = new Set([comment.userId, ...(replyTo ? [replyTo.id] : [])]);
        to.delete(user.id);
        for (const userId of to) {
          await sendMessage(tx, {
            userId,
            type: 'comment_reply',
            title: `${replier.realName}回复了您在“${resource.title}”下的评论`,
            content: content.slice(0, 200),
            link: resourceDetailLink(resource),
          });
        }
        return reply.id;
      });
      const [reply] = await repliesOf('WHERE p.id = $1', [id], user);
      return reply!;
    },

    replies: async (viewer: SessionUser | null, commentId: number, current: number, size: number) => {
      const comment = await prisma.comment.findUnique({ where: { id: commentId } });
      if (!comment) throw new AppError('NOT_FOUND', MESSAGES.comment.notFound);
      await publishedResource(comment.resourceId);
      const [objList, totalCount] = await Promise.all([
        repliesOf(
          'WHERE p.comment_id = $1 ORDER BY p.created_at, p.id LIMIT $2 OFFSET $3',
          [commentId, size, (current - 1) * size],
          viewer,
        ),
        prisma.reply.count({ where: { commentId } }),
      ]);
      return { objList, pageBean: makePageBean(current, size, totalCount) };
    },

    /** Author or administrator only; a comment goes with its replies, and the counters follow. */
    remove: async (user: SessionUser, id: number, kind: 'comment' | 'reply') => {
      if (kind === 'comment') {
        const comment = await prisma.comment.findUnique({ where: { id } });
        if (!comment) throw new AppError('NOT_FOUND', MESSAGES.comment.notFound);
        if (comment.userId !== user.id && !user.isAdmin)
          throw new AppError('FORBIDDEN', MESSAGES.comment.onlyOwnDeletable);
        await batch(prisma, [
          prisma.comment.delete({ where: { id } }),
          prisma.$executeRaw`
            UPDATE resources SET comment_count = (SELECT count(*) FROM comments WHERE resource_id = ${comment.resourceId})
            WHERE id = ${comment.resourceId}`,
        ]);
        return;
      }
      const reply = await prisma.reply.findUnique({ where: { id } });
      if (!reply) throw new AppError('NOT_FOUND', MESSAGES.comment.replyNotFound);
      if (reply.userId !== user.id && !user.isAdmin)
        throw new AppError('FORBIDDEN', MESSAGES.comment.onlyOwnReplyDeletable);
      await batch(prisma, [
        prisma.reply.delete({ where: { id } }),
        prisma.$executeRaw`
          UPDATE comments SET reply_count = (SELECT count(*) FROM replies WHERE comment_id = ${reply.commentId})
          WHERE id = ${reply.commentId}`,
      ]);
    },
  };
};

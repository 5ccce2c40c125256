import { MESSAGES, makePageBean, type StudioHomeView, type StudioPerson } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Studio } from '../../generated/prisma/client.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { registerFileAccessRule } from '../../lib/file-access.ts';
import { transaction } from '../../lib/transaction.ts';
import {
  findUserByIdentifier,
  type PublicProfile,
  peopleOf,
  publicProfilesOf,
  rolesOf,
  userByMemberId,
} from '../auth/users.ts';
import { publicImageUrl } from '../center/profile.ts';
import { dictNames } from '../dict/service.ts';
import { ownsAllFiles } from '../files/records.ts';
import { publishedCardsAmong, publishedCardsOf, publishedIdsAmong } from '../library/catalog.ts';
import { schoolNames } from '../org/schools.ts';

/**
 * Studios (名师工作室). A studio has a stable code (its address is /auth/studio/<code>), an introduction, a leader
 * (a user, also a member), members, announcements by the leader and resources its members shared to it. Everyone may
 * read a studio; members share and withdraw their own published resources; the leader manages members,
 * announcements, the introduction and any shared resource. A shared resource that is later unpublished or deleted is
 * simply not listed (the library decides what is published), so a studio never errors over it.
 *
 * Studios are also reached from roles: the holders of a role see that role's studios in their menu, as before
 * memberships existed; `list` answers both without duplicates.
 */

const M = MESSAGES.studio;
/** Enough for any studio's shared list; sharing is by hand, one resource at a time. */
const MAX_SHARED_SCANNED = 5000;

interface Paging {
  current: number;
  size: number;
}

export const createStudioService = (app: FastifyInstance) => {
  const { prisma } = app;

  // A studio's cover is on its public home.
  registerFileAccessRule(app, async ({ file }) => (await prisma.studio.count({ where: { coverFileId: file.id } })) > 0);

  const studioOrFail = async (code: string) => {
    const studio = await prisma.studio.findUnique({ where: { code } });
    if (!studio) throw new AppError('NOT_FOUND', M.notFound);
    return studio;
  };

  const isMember = async (studio: Studio, userId: number) =>
    studio.leaderId === userId || (await prisma.studioMember.count({ where: { studioId: studio.id, userId } })) > 0;

  const leaderStudioOrFail = async (user: SessionUser, code: string) => {
    const studio = await studioOrFail(code);
    if (studio.leaderId !== user.id) throw new AppError('FORBIDDEN', M.leaderOnly);
    return studio;
  };

  const memberStudioOrFail = async (user: SessionUser, code: string) => {
    const studio = await studioOrFail(code);
    if (!(await isMember(studio, user.id))) throw new AppError('FORBIDDEN', M.membersOnly);
    return studio;
  };

  /** Public faces of `ids`, with school, stage and subject names and signed avatar URLs. */
  const personsOf = async (ids: number[]) => {
    const profiles = await publicProfilesOf(prisma, ids);
    const [names, schools] = await Promise.all([
      dictNames(prisma),
      schoolNames(
        prisma,
        [...profiles.values()].map((p) => p.schoolId),
      ),
    ]);
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    const personOf = (p: PublicProfile): StudioPerson => ({
      memberId: p.memberId,
      realName: p.realName,
      schoolName: schools.get(p.schoolId) ?? null,
      stageName: nameOf(p.stageId),
      subjectName: nameOf(p.subjectId),
      avatarUrl: publicImageUrl(app, p.avatarFileId),
    });
    return new Map([...profiles.entries()].map(([id, p]) => [id, personOf(p)]));
  };

  /** Shared resource rows of a studio, newest first, that the public may still see. */
  const visibleShares = async (studioId: number) => {
    const rows = await prisma.studioResource.findMany({
      where: { studioId },
      orderBy: [{ sharedAt: 'desc' }, { id: 'desc' }],
      take: MAX_SHARED_SCANNED,
    });
    const visible = await publishedIdsAmong(
      prisma,
      rows.map((r) => r.resourceId),
    );
    return rows.filter((r) => visible.has(r.resourceId));
  };

  /** Member ids of a studio, leader first, then by joining time. */
  const memberIdsOf = async (studio: Studio) => {
    const rows = await prisma.studioMember.findMany({
      where: { studioId: studio.id },
      orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
      select: { userId: true, joinedAt: true },
    });
    const leader = rows.find((r) => r.userId === studio.leaderId);
    return leader ? [leader, ...rows.filter((r) => r !== leader)] : rows;
  };

  return {
    /** The studios of the given role (which must be the caller's) and those the caller is a member of. */
    list: async (userId: number, roleId: number, roleTypeId: number) => {
      const owned = (await rolesOf(prisma, userId)).some(
        (r) => r.roleId === roleId && r.role.roleTypeId === roleTypeId,
      );
      if (!owned) throw new AppError('FORBIDDEN', MESSAGES.center.roleNotOwned);
      const list = await prisma.studio.findMany({
        where: { OR: [{ roleId }, { leaderId: userId }, { members: { some: { userId } } }] },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      });
      return { list: list.map((s) => ({ name: s.name, toUrl: s.toUrl })) };
    },

    home: async (code: string, viewer: SessionUser | null): Promise<StudioHomeView> => {
      const studio = await studioOrFail(code);
      const [people, memberCount, shares, announcementCount, member] = await Promise.all([
        personsOf(studio.leaderId === null ? [] : [studio.leaderId]),
        prisma.studioMember.count({ where: { studioId: studio.id } }),
        visibleShares(studio.id),
        prisma.studioAnnouncement.count({ where: { studioId: studio.id } }),
        viewer ? isMember(studio, viewer.id) : false,
      ]);
      return {
        code: studio.code,
        name: studio.name,
        intro: studio.intro,
        toUrl: studio.toUrl,
        coverUrl: publicImageUrl(app, studio.coverFileId),
        coverFileId: studio.coverFileId,
        leader: studio.leaderId === null ? null : (people.get(studio.leaderId) ?? null),
        memberCount,
        resourceCount: shares.length,
        announcementCount,
        viewer: { isMember: member, isLeader: viewer !== null && studio.leaderId === viewer.id },
      };
    },

    members: async (code: string, page: Paging) => {
      const studio = await studioOrFail(code);
      const all = await memberIdsOf(studio);
      const slice = all.slice((page.current - 1) * page.size, page.current * page.size);
      const people = await personsOf(slice.map((m) => m.userId));
      return {
        objList: slice.flatMap((m) => {
          const person = people.get(m.userId);
          return person
            ? [{ ...person, isLeader: m.userId === studio.leaderId, joinedAt: m.joinedAt.toISOString() }]
            : [];
        }),
        pageBean: makePageBean(page.current, page.size, all.length),
      };
    },

    resources: async (code: string, page: Paging) => {
      const studio = await studioOrFail(code);
      const shares = await visibleShares(studio.id);
      const slice = shares.slice((page.current - 1) * page.size, page.current * page.size);
      const [cards, sharers] = await Promise.all([
        publishedCardsAmong(
          prisma,
          slice.map((s) => s.resourceId),
        ),
        peopleOf(
          prisma,
          slice.map((s) => s.sharedById),
        ),
      ]);
      const shareOf = new Map(slice.map((s) => [s.resourceId, s]));
      return {
        objList: cards.map((card) => {
          const share = shareOf.get(card.id)!;
          const sharer = sharers.get(share.sharedById);
          return {
            ...card,
            sharedAt: share.sharedAt.toISOString(),
            sharedByName: sharer?.realName ?? '',
            sharedByMemberId: sharer?.memberId ?? '',
          };
        }),
        pageBean: makePageBean(page.current, page.size, shares.length),
      };
    },

    announcements: async (code: string, page: Paging) => {
      const studio = await studioOrFail(code);
      const where = { studioId: studio.id };
      const [totalCount, rows] = await Promise.all([
        prisma.studioAnnouncement.count({ where }),
        prisma.studioAnnouncement.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page.current - 1) * page.size,
          take: page.size,
        }),
      ]);
      const authors = await peopleOf(
        prisma,
        rows.map((r) => r.authorId),
      );
      return {
        objList: rows.map((r) => ({
          id: r.id,
          title: r.title,
          body: r.body,
          createdAt: r.createdAt.toISOString(),
          authorName: authors.get(r.authorId)?.realName ?? '',
        })),
        pageBean: makePageBean(page.current, page.size, totalCount),
      };
    },

    /** The caller's published resources, each marked whether it is already shared to this studio. */
    shareable: async (user: SessionUser, code: string, q: Paging & { keyword?: string }) => {
      const studio = await memberStudioOrFail(user, code);
      const page = await publishedCardsOf(prisma, user.id, q);
      const shared = new Set(
        (
          await prisma.studioResource.findMany({
            where: { studioId: studio.id, resourceId: { in: page.objList.map((c) => c.id) } },
            select: { resourceId: true },
          })
        ).map((r) => r.resourceId),
      );
      return { ...page, objList: page.objList.map((c) => ({ ...c, shared: shared.has(c.id) })) };
    },

    addMember: async (user: SessionUser, code: string, account: string) => {
      const studio = await leaderStudioOrFail(user, code);
      const target = await findUserByIdentifier(prisma, account);
      if (!target || target.status === 'PENDING') throw new AppError('NOT_FOUND', M.userNotFound);
      if (target.status !== 'ACTIVE') throw new AppError('BAD_REQUEST', M.userDisabled);
      const existing = await prisma.studioMember.findUnique({
        where: { studioId_userId: { studioId: studio.id, userId: target.id } },
      });
      if (existing) throw new AppError('CONFLICT', M.alreadyMember);
      const row = await prisma.studioMember.create({ data: { studioId: studio.id, userId: target.id } });
      const person = (await personsOf([target.id])).get(target.id)!;
      return { ...person, isLeader: false, joinedAt: row.joinedAt.toISOString() };
    },

    removeMember: async (user: SessionUser, code: string, memberId: string) => {
      const studio = await leaderStudioOrFail(user, code);
      const target = await userByMemberId(prisma, memberId);
      if (target && target.id === studio.leaderId) throw new AppError('BAD_REQUEST', M.leaderStays);
      const membership = target
        ? await prisma.studioMember.findUnique({
            where: { studioId_userId: { studioId: studio.id, userId: target.id } },
          })
        : null;
      if (!target || !membership) throw new AppError('NOT_FOUND', M.notMember);
      // A member who leaves takes back what they shared: a studio lists only its members' resources.
      await transaction(prisma, async (tx) => {
        await tx.studioResource.deleteMany({ where: { studioId: studio.id, sharedById: target.id } });
        await tx.studioMember.delete({ where: { id: membership.id } });
      });
    },

    leave: async (user: SessionUser, code: string) => {
      const studio = await studioOrFail(code);
      if (studio.leaderId === user.id) throw new AppError('BAD_REQUEST', M.leaderCannotLeave);
      const membership = await prisma.studioMember.findUnique({
        where: { studioId_userId: { studioId: studio.id, userId: user.id } },
      });
      if (!membership) throw new AppError('FORBIDDEN', M.membersOnly);
      await transaction(prisma, async (tx) => {
        await tx.studioResource.deleteMany({ where: { studioId: studio.id, sharedById: user.id } });
        await tx.studioMember.delete({ where: { id: membership.id } });
      });
    },

    /** The introduction, and the cover when `coverFileId` is given (null takes it away). */
    saveIntro: async (user: SessionUser, code: string, input: { intro: string; coverFileId?: string | null }) => {
      const studio = await leaderStudioOrFail(user, code);
      const cover = input.coverFileId;
      if (cover && cover !== studio.coverFileId && !(await ownsAllFiles(prisma, user.id, [cover], 'image'))) {
        throw new AppError('BAD_REQUEST', M.coverNotOwnImage);
      }
      const saved = await prisma.studio.update({
        where: { id: studio.id },
        data: { intro: input.intro, ...(cover !== undefined ? { coverFileId: cover } : {}) },
      });
      return { intro: saved.intro, coverUrl: publicImageUrl(app, saved.coverFileId) };
    },

    postAnnouncement: async (user: SessionUser, code: string, input: { title: string; body: string }) => {
      const studio = await leaderStudioOrFail(user, code);
      const row = await prisma.studioAnnouncement.create({
        data: { studioId: studio.id, authorId: user.id, title: input.title, body: input.body },
      });
      const author = (await peopleOf(prisma, [user.id])).get(user.id);
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        authorName: author?.realName ?? '',
      };
    },

    deleteAnnouncement: async (user: SessionUser, code: string, id: number) => {
      const studio = await leaderStudioOrFail(user, code);
      const { count } = await prisma.studioAnnouncement.deleteMany({ where: { id, studioId: studio.id } });
      if (count === 0) throw new AppError('NOT_FOUND', M.announcementNotFound);
    },

    share: async (user: SessionUser, code: string, resourceId: number) => {
      const studio = await memberStudioOrFail(user, code);
      const [card] = await publishedCardsAmong(prisma, [resourceId]);
      if (!card || card.authorMemberId !== user.memberId) throw new AppError('BAD_REQUEST', M.resourceNotShareable);
      const existing = await prisma.studioResource.findUnique({
        where: { studioId_resourceId: { studioId: studio.id, resourceId } },
      });
      if (existing) throw new AppError('CONFLICT', M.alreadyShared);
      await prisma.studioResource.create({ data: { studioId: studio.id, resourceId, sharedById: user.id } });
    },

    unshare: async (user: SessionUser, code: string, resourceId: number) => {
      const studio = await studioOrFail(code);
      const leader = studio.leaderId === user.id;
      if (!leader && !(await isMember(studio, user.id))) throw new AppError('FORBIDDEN', M.membersOnly);
      const row = await prisma.studioResource.findUnique({
        where: { studioId_resourceId: { studioId: studio.id, resourceId } },
      });
      if (!row) throw new AppError('NOT_FOUND', M.sharedNotFound);
      if (!leader && row.sharedById !== user.id) throw new AppError('FORBIDDEN', M.notYourShare);
      await prisma.studioResource.delete({ where: { id: row.id } });
    },
  };
};

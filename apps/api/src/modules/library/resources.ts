import { MESSAGES, makePageBean, type ResourceDetail, type ResourceType } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { isOwnerOrAdmin, isPublished, isVisibleTo } from '../../lib/visibility.ts';
import { checkChapters } from '../catalogue/tree.ts';
import { dictEntry, dictNames } from '../dict/service.ts';
import { filesOwnedBy, ownsAllFiles } from '../files/records.ts';
import { canDownloadAs, type EntitlementRule, isEntitled } from './access.ts';
import { CARD_COLUMNS, type CardRow, detailFilesOf, toCards } from './cards.ts';
import { chapterIdsOf, chaptersOf, setResourceChapters } from './chapters.ts';
import { libraryChanged } from './page-cache.ts';
import { chapterNamesOf, namesAlong, writeSearchVector } from './search-index.ts';

export interface PublishInput {
  id?: number;
  type: ResourceType;
  trainType?: string | null;
  title: string;
  description: string;
  tags: string[];
  stageId: number;
  subjectId: number;
  coverFileId?: string | null;
  price: number;
  fileIds: string[];
  catalogueNodeIds?: number[];
}

/** File kinds each resource type may hold. */
const FILE_KINDS: Record<ResourceType, string[]> = {
  MICRO_COURSE: ['video', 'audio'],
  DOCUMENT: ['document', 'image'],
  ACHIEVEMENT: ['document', 'image', 'video', 'audio'],
};

export const createResourceService = (
  prisma: PrismaClient,
  entitlements: readonly EntitlementRule[],
  downloadRequiresLogin: boolean,
) => {
  const checkDictionary = async (stageId: number, subjectId: number) => {
    const subject = await dictEntry(prisma, subjectId);
    if (subject?.level !== 2 || subject.parentId !== stageId) {
      throw new AppError('BAD_REQUEST', MESSAGES.dict.subjectNotInStage);
    }
  };

  const checkFiles = async (userId: number, type: ResourceType, fileIds: string[], coverFileId?: string | null) => {
    const ids = [...new Set(fileIds)];
    const files = await filesOwnedBy(prisma, userId, ids);
    if (files.length !== ids.length) throw new AppError('BAD_REQUEST', MESSAGES.resource.filesNotOwned);
    const wrong = files.find((f) => !FILE_KINDS[type].includes(f.kind));
    if (wrong) throw new AppError('BAD_REQUEST', MESSAGES.resource.fileKindWrong(wrong.originalName));
    if (coverFileId) {
      if (!(await ownsAllFiles(prisma, userId, [coverFileId], 'image')))
        throw new AppError('BAD_REQUEST', MESSAGES.resource.coverNotOwnImage);
    }
    return ids;
  };

  /** A resource the user may change: theirs (or any, for an admin), not deleted. */
  const editable = async (user: SessionUser, id: number) => {
    const resource = await prisma.resource.findUnique({ where: { id } });
    if (!resource || resource.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrDeleted);
    if (!isOwnerOrAdmin(user, resource.authorId)) throw new AppError('FORBIDDEN', MESSAGES.resource.onlyOwnEditable);
    return resource;
  };

  /**
   * Creates a resource, or updates one (which sends it back to review). Either way it waits for an administrator.
   */
  const publish = async (user: SessionUser, input: PublishInput) => {
    await checkDictionary(input.stageId, input.subjectId);
    const existing = input.id ? await editable(user, input.id) : null;
    if (
      existing &&
      existing.type !== input.type &&
      !(existing.type !== 'MICRO_COURSE' && input.type !== 'MICRO_COURSE')
    ) {
      throw new AppError('BAD_REQUEST', MESSAGES.resource.typeChangeNotAllowed);
    }
    const authorId = existing?.authorId ?? user.id;
    const fileIds = await checkFiles(authorId, input.type, input.fileIds, input.coverFileId);
    const kept = existing ? ((await chapterIdsOf(prisma, [existing.id])).get(existing.id) ?? []) : [];
    const chapterIds = await checkChapters(
      prisma,
      input.catalogueNodeIds ?? [],
      input.stageId,
      input.subjectId,
      // An edit may keep chapters retired since they were chosen.
      existing && existing.stageId === input.stageId && existing.subjectId === input.subjectId ? kept : [],
    );
    const data = {
      type: input.type,
      trainType: input.type === 'ACHIEVEMENT' ? (input.trainType ?? null) : null,
      title: input.title,
      description: input.description,
      tags: [...new Set(input.tags)],
      stageId: input.stageId,
      subjectId: input.subjectId,
      coverFileId: input.coverFileId ?? null,
      price: input.price,
      status: 'PENDING' as const,
      reviewNote: null,
      // An edited resource is reviewed again from the first level.
      schoolReviewedBy: null,
      schoolReviewedAt: null,
    };
    const [names, chapterTrails] = await Promise.all([dictNames(prisma), chapterNamesOf(prisma, chapterIds)]);
    const saved = await transaction(prisma, async (tx) => {
      const saved = existing
        ? await tx.resource.update({ where: { id: existing.id }, data })
        : await tx.resource.create({ data: { ...data, authorId } });
      await tx.resourceFile.deleteMany({ where: { resourceId: saved.id } });
      await tx.resourceFile.createMany({
        data: fileIds.map((fileId, sort) => ({ resourceId: saved.id, fileId, sort })),
      });
      await setResourceChapters(tx, saved.id, chapterIds);
      await writeSearchVector(tx, saved.id, { ...data, chapters: namesAlong(chapterIds, chapterTrails) }, names);
      return { id: saved.id, status: saved.status };
    });
    // An edit sends a published resource back to review: it leaves the public lists.
    if (existing) libraryChanged();
    return saved;
  };

  const detail = async (id: number, user: SessionUser | null, publicOnly: boolean): Promise<ResourceDetail> => {
    const [row] = await prisma.$queryRaw<
      (CardRow & {
        description: string;
        tags: string[];
        status: string;
        review_note: string | null;
        deleted_at: Date | null;
      })[]
    >`
      SELECT ${CARD_COLUMNS}, r.description, r.tags, r.status::text AS status, r.review_note, r.deleted_at
      FROM resources r WHERE r.id = ${id}`;
    const facts = row && { status: row.status, deletedAt: row.deleted_at, authorId: row.author_id };
    const visible = facts && (publicOnly ? isPublished(facts) : isVisibleTo(user, facts));
    if (!row || !visible) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrUnpublished);
    const [cards, files, star, collect, view, purchased, chapters] = await Promise.all([
      toCards(prisma, [row]),
      detailFilesOf(prisma, id),
      user
        ? prisma.resourceStar.findUnique({ where: { userId_resourceId: { userId: user.id, resourceId: id } } })
        : null,
      user
        ? prisma.resourceCollect.findUnique({ where: { userId_resourceId: { userId: user.id, resourceId: id } } })
        : null,
      user
        ? prisma.viewHistory.findUnique({ where: { userId_resourceId: { userId: user.id, resourceId: id } } })
        : null,
      user && row.price > 0 ? isEntitled(entitlements, user.id, id) : false,
      chaptersOf(prisma, id),
    ] as const);
    const isOwner = user?.id === row.author_id;
    return {
      ...cards[0]!.card,
      description: row.description,
      tags: row.tags,
      status: row.status as ResourceDetail['status'],
      reviewNote: isOwnerOrAdmin(user, row.author_id) ? row.review_note : null,
      files,
      chapters,
      isOwner,
      starred: !!star,
      collected: !!collect,
      playPosition: view?.playPosition ?? 0,
      canDownload: canDownloadAs(
        user,
        {
          authorId: row.author_id,
          price: row.price,
          status: row.status,
          deletedAt: row.deleted_at,
        },
        purchased,
        downloadRequiresLogin,
      ),
      purchased,
    };
  };

  return {
    publish,
    info: (id: number, user: SessionUser | null) => detail(id, user, false),
    open: (id: number, user: SessionUser | null) => detail(id, user, true),

    editInfo: async (user: SessionUser, id: number) => {
      const r = await editable(user, id);
      const [files, chapters] = await Promise.all([
        prisma.resourceFile.findMany({ where: { resourceId: id }, orderBy: { sort: 'asc' } }),
        chaptersOf(prisma, id),
      ]);
      return {
        id: r.id,
        type: r.type,
        trainType: r.trainType,
        title: r.title,
        description: r.description,
        tags: r.tags,
        stageId: r.stageId,
        subjectId: r.subjectId,
        coverFileId: r.coverFileId,
        price: r.price,
        fileIds: files.map((f) => f.fileId),
        chapters,
        status: r.status,
        reviewNote: r.reviewNote,
      };
    },

    /** Soft delete: the row stays for orders, downloads and history; it leaves every list and detail. */
    remove: async (user: SessionUser, id: number) => {
      const r = await editable(user, id);
      await prisma.resource.update({ where: { id: r.id }, data: { deletedAt: new Date() } });
      libraryChanged();
    },

    myUploads: async (
      user: SessionUser,
      input: { current: number; size: number; status?: string | null; type?: ResourceType | null },
    ) => {
      const where = [Prisma.sql`r.author_id = ${user.id}`, Prisma.sql`r.deleted_at IS NULL`];
      if (input.status) where.push(Prisma.sql`r.status = ${input.status}::"ResourceStatus"`);
      if (input.type) where.push(Prisma.sql`r.type = ${input.type}::"ResourceType"`);
      const condition = Prisma.join(where, ' AND ');
      const [rows, count] = await Promise.all([
        prisma.$queryRaw<(CardRow & { status: string; review_note: string | null; created_at: Date })[]>`
          SELECT ${CARD_COLUMNS}, r.status::text AS status, r.review_note, r.created_at
          FROM resources r WHERE ${condition}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${input.size} OFFSET ${(input.current - 1) * input.size}`,
        prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM resources r WHERE ${condition}`,
      ]);
      return {
        objList: (await toCards(prisma, rows)).map(({ row, card }) => ({
          ...card,
          status: row.status as ResourceDetail['status'],
          reviewNote: row.review_note,
          createdAt: row.created_at.toISOString(),
        })),
        pageBean: makePageBean(input.current, input.size, Number(count[0]?.n ?? 0)),
      };
    },
  };
};

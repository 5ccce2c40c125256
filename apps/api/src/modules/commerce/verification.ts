import { MESSAGES, type VerificationInfo } from '@zyk/shared';
import type { IdentityVerification, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { lockKey, transaction } from '../../lib/transaction.ts';
import { ownsAllFiles } from '../files/records.ts';
import { sendMessage } from '../messages/service.ts';

type Db = Prisma.TransactionClient | PrismaClient;

/** 1101**********1234 */
export const maskIdCardNumber = (id: string) =>
  `${id.slice(0, 4)}${'*'.repeat(Math.max(0, id.length - 8))}${id.slice(-4)}`;

/** 李*国, 李* (two characters), 阿**·***曼: the first and the last character stay. */
export const maskRealName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return chars.map((c, i) => (i === 0 || i === chars.length - 1 || c === '·' ? c : '*')).join('');
};

const toInfo = (v: IdentityVerification | null): VerificationInfo =>
  v
    ? {
        status: v.status,
        realName: maskRealName(v.realName),
        idCard: maskIdCardNumber(v.idCard),
        reviewNote: v.status === 'REJECTED' ? v.reviewNote : null,
        submittedAt: v.createdAt.toISOString(),
        reviewedAt: v.reviewedAt?.toISOString() ?? null,
        canSubmit: v.status === 'REJECTED',
      }
    : {
        status: 'NONE',
        realName: null,
        idCard: null,
        reviewNote: null,
        submittedAt: null,
        reviewedAt: null,
        canSubmit: true,
      };

const latest = (db: Db, userId: number) =>
  db.identityVerification.findFirst({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

/** Whether the user's identity has been verified by an administrator (withdrawals need it). */
export const isIdentityVerified = async (db: Db, userId: number): Promise<boolean> =>
  (await db.identityVerification.count({ where: { userId, status: 'APPROVED' } })) > 0;

/** Another account already verified with this ID-card number. */
const idCardTakenByOther = async (db: Db, userId: number, idCard: string) =>
  (await db.identityVerification.count({ where: { idCard, status: 'APPROVED', userId: { not: userId } } })) > 0;

export interface NewVerification {
  realName: string;
  idCard: string;
  frontFileId: string;
  backFileId: string;
}

/**
 * Identity verification (实名认证): the user submits their real name, ID-card number and photos of both sides of
 * the card (their own uploaded images); an administrator approves or rejects. One pending request at a time (a
 * partial unique index decides races); after a rejection the user may submit again, after approval not. The photos
 * stay readable only by their uploader and administrators (lib/file-access.ts; no rule opens them to others).
 */
export const createVerificationService = (prisma: PrismaClient) => ({
  info: async (userId: number) => toInfo(await latest(prisma, userId)),

  upload: async (userId: number, input: NewVerification) => {
    if (input.frontFileId === input.backFileId) throw new AppError('BAD_REQUEST', MESSAGES.verification.sameImage);
    if (!(await ownsAllFiles(prisma, userId, [input.frontFileId, input.backFileId], 'image')))
      throw new AppError('BAD_REQUEST', MESSAGES.verification.badImage);
    const current = await latest(prisma, userId);
    if (current?.status === 'APPROVED') throw new AppError('BAD_REQUEST', MESSAGES.verification.approved);
    if (current?.status === 'PENDING') throw new AppError('CONFLICT', MESSAGES.verification.pending);
    if (await idCardTakenByOther(prisma, userId, input.idCard)) {
      throw new AppError('CONFLICT', MESSAGES.verification.idCardTaken);
    }
    try {
      return toInfo(await prisma.identityVerification.create({ data: { userId, ...input } }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.verification.pending);
      throw error;
    }
  },
});

export interface VerificationFilter {
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  userId?: number;
  current: number;
  size: number;
}

/**
 * The console's list: pending requests first and oldest first (they are reviewed in turn); a list of decided ones
 * shows the latest decisions first. Rows carry the full name and ID-card number (the console compares them with
 * the photos).
 */
export const verificationPage = async (db: Db, q: VerificationFilter) => {
  const where = { ...(q.status ? { status: q.status } : {}), ...(q.userId ? { userId: q.userId } : {}) };
  const orderBy: Prisma.IdentityVerificationOrderByWithRelationInput[] =
    q.status && q.status !== 'PENDING'
      ? [{ reviewedAt: 'desc' }, { id: 'desc' }]
      : // The enum sorts in its declared order: PENDING first.
        [{ status: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];
  const [rows, total] = await Promise.all([
    db.identityVerification.findMany({ where, orderBy, skip: (q.current - 1) * q.size, take: q.size }),
    db.identityVerification.count({ where }),
  ]);
  return { rows, total };
};

export const verificationById = (db: Db, id: number) => db.identityVerification.findUnique({ where: { id } });

/** How many of the user's requests were rejected before (the reviewer sees a repeat applicant). */
export const rejectedVerificationsOf = (db: Db, userId: number) =>
  db.identityVerification.count({ where: { userId, status: 'REJECTED' } });

/** Administrator side (admin CLI and console): pending requests, approve, reject with a reason; the user gets a message. */
export const createVerificationAdmin = (prisma: PrismaClient) => {
  /** Moves a pending request to its decision and tells the user, in one transaction. */
  const decide = (id: number, decision: 'APPROVED' | 'REJECTED', note: string | null) =>
    transaction(prisma, async (tx) => {
      const request = await tx.identityVerification.findUnique({ where: { id } });
      if (!request) throw new AppError('NOT_FOUND', MESSAGES.verification.requestNotFound(id));
      // Two approvals of the same ID-card number (different accounts) take turns, so only one can pass.
      await lockKey(tx, `identity:${request.idCard}`);
      if (decision === 'APPROVED' && (await idCardTakenByOther(tx, request.userId, request.idCard))) {
        throw new AppError('CONFLICT', MESSAGES.verification.idCardTakenReject(id));
      }
      const { count } = await tx.identityVerification.updateMany({
        where: { id, status: 'PENDING' },
        data: { status: decision, reviewNote: note, reviewedAt: new Date() },
      });
      if (count === 0) throw new AppError('CONFLICT', MESSAGES.verification.alreadyDecided(id));
      await sendMessage(tx, {
        userId: request.userId,
        type: 'review',
        title: decision === 'APPROVED' ? '实名认证结果：已通过' : '实名认证结果：未通过',
        content:
          decision === 'APPROVED'
            ? `您提交的实名认证（${maskRealName(request.realName)}）已通过审核。`
            : `您提交的实名认证未通过审核，原因：${note}。请修改后重新提交。`,
        link: '/personSpace/verify',
      });
      return request;
    });

  return {
    pending: () =>
      prisma.identityVerification.findMany({ where: { status: 'PENDING' }, orderBy: [{ createdAt: 'asc' }] }),

    approve: async (id: number) => {
      const request = await decide(id, 'APPROVED', null);
      return `已通过认证申请 ${id}（${request.realName}）`;
    },

    reject: async (id: number, reason: string) => {
      const note = reason.trim();
      if (!note) throw new AppError('BAD_REQUEST', MESSAGES.admin.rejectReasonRequired);
      const request = await decide(id, 'REJECTED', note);
      return `已驳回认证申请 ${id}（${request.realName}）`;
    },
  };
};

import { type MESSAGE_TYPES, MESSAGES, makePageBean } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';

export type MessageType = keyof typeof MESSAGE_TYPES;

export interface NewMessage {
  /** null: an announcement to every user. */
  userId: number | null;
  type: MessageType;
  title: string;
  content: string;
  link?: string | null;
}

/** The one way features tell a user something (review results, replies, work orders…). Works inside a transaction. */
export const sendMessage = (db: Prisma.TransactionClient | PrismaClient, message: NewMessage) =>
  db.message.create({ data: { ...message, link: message.link ?? null } });

/** System announcements (to every user), newest first: the console's list of what was published. */
export const announcementPage = async (prisma: PrismaClient, q: { current: number; size: number }) => {
  const where = { userId: null, type: 'announcement' } as const;
  const [rows, total] = await Promise.all([
    prisma.message.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.current - 1) * q.size,
      take: q.size,
    }),
    prisma.message.count({ where }),
  ]);
  return { rows, total };
};

/** Messages a user can see: their own and announcements. */
const visible = (userId: number) => Prisma.sql`(m.user_id = ${userId} OR m.user_id IS NULL)`;

interface MessageRow {
  id: number;
  type: string;
  title: string;
  content: string;
  link: string | null;
  created_at: Date;
  read: boolean;
}

const toItem = (r: MessageRow) => ({
  id: r.id,
  type: r.type as MessageType,
  title: r.title,
  content: r.content,
  link: r.link,
  createdAt: r.created_at.toISOString(),
  read: r.read,
});

export const createMessageService = (prisma: PrismaClient) => {
  const unread = async (userId: number) => {
    const [row] = await prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM messages m
      WHERE ${visible(userId)}
        AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = ${userId} AND r.message_id = m.id)`;
    return { unread: Number(row?.n ?? 0) };
  };

  const find = async (userId: number, id: number) => {
    const [row] = await prisma.$queryRaw<MessageRow[]>`
      SELECT m.id, m.type, m.title, m.content, m.link, m.created_at, (r.user_id IS NOT NULL) AS read
      FROM messages m LEFT JOIN message_reads r ON r.message_id = m.id AND r.user_id = ${userId}
      WHERE m.id = ${id} AND ${visible(userId)}`;
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.inbox.notFound);
    return row;
  };

  /** Idempotent: concurrent or repeated reads leave one row, so counts never drift. */
  const markRead = (userId: number, id: number) =>
    prisma.$executeRaw`
      INSERT INTO message_reads (user_id, message_id) VALUES (${userId}, ${id}) ON CONFLICT DO NOTHING`;

  return {
    unread,

    list: async (userId: number, q: { current: number; size: number; read?: '0' | '1'; type?: MessageType }) => {
      const where = [visible(userId)];
      if (q.read === '1') where.push(Prisma.sql`r.user_id IS NOT NULL`);
      if (q.read === '0') where.push(Prisma.sql`r.user_id IS NULL`);
      if (q.type) where.push(Prisma.sql`m.type = ${q.type}`);
      const condition = Prisma.join(where, ' AND ');
      const from = Prisma.sql`messages m LEFT JOIN message_reads r ON r.message_id = m.id AND r.user_id = ${userId}`;
      const [rows, count] = await Promise.all([
        prisma.$queryRaw<MessageRow[]>`
          SELECT m.id, m.type, m.title, m.content, m.link, m.created_at, (r.user_id IS NOT NULL) AS read
          FROM ${from} WHERE ${condition}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
        prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${from} WHERE ${condition}`,
      ]);
      return { objList: rows.map(toItem), pageBean: makePageBean(q.current, q.size, Number(count[0]?.n ?? 0)) };
    },

    detail: async (userId: number, id: number) => {
      const row = await find(userId, id);
      await markRead(userId, id);
      return toItem({ ...row, read: true });
    },

    read: async (userId: number, id: number) => {
      await find(userId, id);
      await markRead(userId, id);
      return unread(userId);
    },

    readAll: async (userId: number) => {
      await prisma.$executeRaw`
        INSERT INTO message_reads (user_id, message_id)
        SELECT ${userId}, m.id FROM messages m WHERE ${visible(userId)}
        ON CONFLICT DO NOTHING`;
      return unread(userId);
    },
  };
};

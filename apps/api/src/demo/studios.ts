import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '@zyk/shared';
import { SEED_DIR } from '../db/seed.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { transaction } from '../lib/transaction.ts';

/**
 * Demo content of the seeded studios (prisma/seed/studios.json): introduction, leader, members, announcements and
 * resources the members shared (their newest published ones). A studio gets it once, while it has no leader; a
 * studio whose leader or members the file names do not exist (a real district's accounts) is left alone. Runs on
 * every start after the demo library, so resources exist to share.
 */

const studiosFile = z.object({
  studios: z.array(
    z.object({
      code: z.string().min(1),
      intro: z.string().max(1000),
      leader: z.string().min(1),
      members: z.array(z.string().min(1)),
      announcements: z.array(
        z.object({
          daysAgo: z.number().int().min(0),
          title: z.string().min(1).max(50),
          body: z.string().min(1).max(2000),
        }),
      ),
    }),
  ),
});

/** How many of each member's newest published resources a demo studio shows. */
const SHARED_PER_MEMBER = 3;
const DAY_MS = 86_400_000;

export const seedDemoStudios = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  const data = studiosFile.parse(JSON.parse(readFileSync(path.join(SEED_DIR, 'studios.json'), 'utf8')));
  let seeded = 0;
  for (const entry of data.studios) {
    const studio = await prisma.studio.findUnique({ where: { code: entry.code } });
    if (!studio || studio.leaderId !== null) continue;
    const userNames = [entry.leader, ...entry.members.filter((m) => m !== entry.leader)];
    const users = await prisma.user.findMany({
      where: { userName: { in: userNames } },
      select: { id: true, userName: true },
    });
    if (users.length !== userNames.length) continue;
    const ids = userNames.map((name) => users.find((u) => u.userName === name)!.id);
    const leaderId = ids[0]!;
    const now = Date.now();
    await transaction(prisma, async (tx) => {
      await tx.studio.update({ where: { id: studio.id }, data: { intro: entry.intro, leaderId } });
      // Members joined over the last weeks, the leader first.
      for (const [i, userId] of ids.entries()) {
        await tx.studioMember.upsert({
          where: { studioId_userId: { studioId: studio.id, userId } },
          create: { studioId: studio.id, userId, joinedAt: new Date(now - (30 - i) * DAY_MS) },
          update: {},
        });
      }
      for (const a of entry.announcements) {
        await tx.studioAnnouncement.create({
          data: {
            studioId: studio.id,
            authorId: leaderId,
            title: a.title,
            body: a.body,
            createdAt: new Date(now - a.daysAgo * DAY_MS),
          },
        });
      }
      for (const [i, userId] of ids.entries()) {
        const own = await tx.resource.findMany({
          where: { authorId: userId, status: 'PUBLISHED', deletedAt: null },
          orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
          take: SHARED_PER_MEMBER,
          select: { id: true },
        });
        for (const [j, r] of own.entries()) {
          await tx.studioResource.upsert({
            where: { studioId_resourceId: { studioId: studio.id, resourceId: r.id } },
            create: {
              studioId: studio.id,
              resourceId: r.id,
              sharedById: userId,
              sharedAt: new Date(now - (i * SHARED_PER_MEMBER + j) * 3_600_000),
            },
            update: {},
          });
        }
      }
    });
    seeded++;
  }
  if (seeded > 0) log(`seeded the content of ${seeded} demo studios`);
  return seeded;
};

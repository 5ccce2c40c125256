import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PUBLISHED } from '../../lib/visibility.ts';

export const createReportService = (prisma: PrismaClient) => ({
  /** One open report per user and resource; reporting again while it is open is a conflict. */
  report: async (userId: number, resourceId: number, category: string, content: string) => {
    const resource = await prisma.resource.findFirst({
      where: { id: resourceId, ...PUBLISHED },
    });
    if (!resource) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrUnpublished);
    const open = await prisma.report.findFirst({ where: { userId, resourceId, status: 'OPEN' } });
    if (open) throw new AppError('CONFLICT', MESSAGES.report.alreadyReported);
    const created = await prisma.report.create({ data: { userId, resourceId, category, content } });
    return { id: created.id };
  },
});

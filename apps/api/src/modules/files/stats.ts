import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/**
 * Bytes of the stored files (every upload's complete file; derivatives such as transcodes are not counted), of
 * all owners or of the given ones.
 */
export const storedBytes = async (db: Db, ownerIds?: number[]) => {
  const { _sum } = await db.storedFile.aggregate({
    where: ownerIds ? { ownerId: { in: ownerIds } } : {},
    _sum: { size: true },
  });
  return Number(_sum.size ?? 0n);
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminContext } from '../../lib/contract.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';
import { type AuditEntry, recordAudit } from '../audit/service.ts';

/** What an action tells the audit log about itself once it has run. */
export type AuditOf = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'summary' | 'before' | 'after'>;

/**
 * Runs one console action and appends its audit row in the same transaction: the row exists exactly when the
 * action took effect. Services that open their own transaction with `transaction()` join it; a write made through
 * the plain client instead runs on another connection and must not touch rows the transaction already changed
 * (it would wait on their locks), so pass `tx` to services that take a client. `work` answers the route's data and
 * what to log (one or several rows: a batch logs each item).
 */
export const audited = async <T>(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: AdminContext,
  work: (tx: Tx) => Promise<{ data: T; audit: AuditOf | AuditOf[] }>,
): Promise<T> =>
  transaction(app.prisma, async (tx) => {
    const { data, audit } = await work(tx);
    for (const entry of Array.isArray(audit) ? audit : [audit]) {
      await recordAudit(tx, {
        ...entry,
        actorId: admin.userId,
        actorName: `${admin.realName}（${admin.userName}）`,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    }
    return data;
  });

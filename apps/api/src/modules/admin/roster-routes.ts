import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { commitRoster, hashRosterPasswords, planRoster } from '../account/roster.ts';
import { audited } from './audited.ts';
import { auditProfile, rosterActorOf } from './people.ts';

/** The console's roster import: a preview (audited: it reads every row's people) and the commit. */
export default async function rosterRoutes(app: FastifyInstance, _opts: { config: Config }) {
  registerRoute(app, routes.adminRosterPreview, async ({ admin, body, request }) => {
    const actor = rosterActorOf(admin);
    const { result } = await planRoster(app.prisma, body.csv, actor);
    // Looking at a roster reads every row's people: who looked is kept like any other console action.
    return audited(app, request, admin, async () => ({
      data: result,
      audit: {
        action: 'roster.preview',
        targetType: 'roster',
        summary: `预览名册（${result.rows.length} 行：新建 ${result.counts.create}，更新 ${result.counts.update}，不变 ${result.counts.unchanged}，拒绝 ${result.counts.rejected}）`,
        after: result.counts,
      },
    }));
  });

  registerRoute(app, routes.adminRosterCommit, async ({ admin, body, request }) => {
    const actor = rosterActorOf(admin);
    const hashes = await hashRosterPasswords(await planRoster(app.prisma, body.csv, actor));
    return audited(app, request, admin, async (tx) => {
      const { result, changes } = await commitRoster(app.prisma, tx, body.csv, actor, hashes);
      return {
        data: result,
        audit: [
          {
            action: 'roster.import',
            targetType: 'roster',
            summary: `导入名册（${result.rows.length} 行：新建 ${result.counts.create}，更新 ${result.counts.update}，不变 ${result.counts.unchanged}，拒绝 ${result.counts.rejected}）`,
            after: {
              ...result.counts,
              rejected: result.rows
                .filter((r) => r.outcome === 'rejected')
                .map((r) => ({ line: r.line, userName: r.values.userName, reason: r.reason })),
            },
          },
          ...changes.map((c) => ({
            action: c.kind === 'create' ? 'roster.user.create' : 'roster.user.update',
            targetType: 'user',
            targetId: c.userId,
            summary: `名册导入${c.kind === 'create' ? '新建' : '更新'}用户 ${c.after.realName}（${c.userName}）`,
            before: c.before ? auditProfile(c.before) : null,
            after: auditProfile(c.after),
          })),
        ],
      };
    });
  });
}

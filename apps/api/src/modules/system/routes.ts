import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';

/** Readiness checks other plugins add (storage adds its own); each answers true when healthy. */
export type ReadinessCheck = () => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    readinessChecks: Map<string, ReadinessCheck>;
  }
}

const withTimeout = (check: ReadinessCheck, ms: number) =>
  Promise.race([check(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]).catch(
    () => false,
  );

export default async function systemRoutes(app: FastifyInstance) {
  app.readinessChecks.set('database', async () => {
    await app.prisma.$queryRaw`SELECT 1`;
    return true;
  });

  registerRoute(app, routes.healthz, () => ({ status: 'ok' as const }));

  registerRoute(app, routes.readyz, async ({ reply }) => {
    const entries = await Promise.all(
      [...app.readinessChecks].map(
        async ([name, check]) => [name, (await withTimeout(check, 2000)) ? 'ok' : 'fail'] as const,
      ),
    );
    const ready = entries.every(([, state]) => state === 'ok');
    if (!ready) reply.status(503);
    return { status: ready ? ('ok' as const) : ('unavailable' as const), checks: Object.fromEntries(entries) };
  });
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { closeExpiredOrders } from './orders.ts';
import { settleDueIncome } from './settlement.ts';

/**
 * The commerce background task, when COMMERCE_WORKER is on: sends due sandbox notifications every second; closes
 * stale orders and settles due income every 30 s; purges old idempotency keys hourly. It starts once the app is
 * ready (the admin CLI builds the app without starting it) and stops when the app closes.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; deliverNotifications?: () => Promise<number> }) => {
    const { config, deliverNotifications } = opts;
    if (!config.COMMERCE_WORKER) return;
    let timer: NodeJS.Timeout | null = null;
    let ticks = 0;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        if (deliverNotifications) await deliverNotifications();
        if (ticks++ % 30 === 0) {
          await closeExpiredOrders(app.prisma, app.clock.now());
          await settleDueIncome(app.prisma, config.SETTLEMENT_DAYS, app.clock.now());
          if (ticks % 3600 === 1) await purgeIdempotencyKeys(app.prisma);
        }
      } catch (error) {
        app.log.error({ err: error }, '交易后台任务出错');
      } finally {
        busy = false;
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'commerce-worker', dependencies: ['prisma'] },
);

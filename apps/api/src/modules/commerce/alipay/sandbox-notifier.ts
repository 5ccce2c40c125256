import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';

/**
 * The payment sandbox's own sender: it stands in for Alipay's servers, which post payment notifications to the
 * merchant and retry on their own schedule, so it is not part of the product's background work (jobs/). Every second
 * it posts the notifications that are due (each trade is claimed by one sender at a time, SKIP LOCKED). It runs
 * where background jobs run (JOB_WORKER) and only with the sandbox.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; deliverNotifications?: () => Promise<number> }) => {
    const { config, deliverNotifications } = opts;
    if (!config.JOB_WORKER || !deliverNotifications) return;
    let timer: NodeJS.Timeout | null = null;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        await deliverNotifications();
      } catch (error) {
        app.log.error({ err: error }, '沙箱支付通知出错');
      } finally {
        busy = false;
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, 1000);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'sandbox-notifier', dependencies: ['prisma'] },
);

import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/** Sends a text message. A district plugs its SMS gateway in here; development keeps messages locally. */
export interface SmsSender {
  send: (phone: string, content: string) => Promise<void>;
}

/** Development sender: nothing leaves the machine; the text goes to the log and to `sms_outbox` (`pnpm admin sms-codes`). */
export const createDevSmsSender = (prisma: PrismaClient, log: FastifyBaseLogger): SmsSender => ({
  send: async (phone, content) => {
    await prisma.smsOutbox.create({ data: { phone, content } });
    log.info({ phone, content }, 'sms (development sender)');
  },
});

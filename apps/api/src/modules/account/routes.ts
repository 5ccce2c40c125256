import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { createAccountService } from './service.ts';
import { createDevSmsSender, type SmsSender } from './sms.ts';

export default async function accountRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsSender }) {
  const sms = opts.sms ?? createDevSmsSender(app.prisma, app.log);
  const account = createAccountService(app.prisma, sms, opts.config.PASSWORD_TRANSPORT_KEY);

  registerRoute(app, routes.changePassword, async ({ user, body }) => {
    await account.changePassword(user.id, user.sessionId, body.oldPassword, body.newPassword);
    return null;
  });
  registerRoute(app, routes.confirmPhoneRand, ({ user, query }) => account.sendPhoneCode(user.id, query.phone));
  registerRoute(app, routes.sendPhoneAfterVerify, ({ user, query, body }) =>
    account.changePhone(user.id, query.phone, body.code),
  );
  registerRoute(app, routes.weChatWebUnBind, async ({ user }) => {
    await account.unbindWechat(user.id);
    return null;
  });
}

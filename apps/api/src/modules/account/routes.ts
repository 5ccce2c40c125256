import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import type { AccountService } from './service.ts';
import { smsRequester } from './sms-codes.ts';

/** Password, phone and WeChat settings of the personal centre, served by the one account service (app.ts). */
export default async function accountRoutes(app: FastifyInstance, opts: { account: AccountService }) {
  const { account } = opts;

  registerRoute(app, routes.changePassword, async ({ user, body }) => {
    await account.changePassword(user.id, user.sessionId, body.oldPassword, body.newPassword);
    return null;
  });
  registerRoute(app, routes.confirmPhoneRand, ({ request, user, query }) =>
    account.sendPhoneCode(user.id, query.phone, smsRequester(app, request)),
  );
  registerRoute(app, routes.sendPhoneAfterVerify, ({ user, query, body }) =>
    account.changePhone(user.id, query.phone, body.code),
  );
  registerRoute(app, routes.weChatWebUnBind, async ({ user }) => {
    await account.unbindWechat(user.id);
    return null;
  });
}

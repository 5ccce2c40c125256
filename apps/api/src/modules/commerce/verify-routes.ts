import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import type { AccountService } from '../account/service.ts';
import { createPayPasswords } from './pay-password.ts';
import type { PayTokens } from './pay-token.ts';
import { createVerificationService } from './verification.ts';

/** Identity verification, the pay password, and the phone change of the wallet's security page. */
export default async function verifyRoutes(
  app: FastifyInstance,
  opts: { config: Config; account: AccountService; payTokens: PayTokens },
) {
  const { account, payTokens } = opts;
  const verification = createVerificationService(app.prisma);
  const payPasswords = createPayPasswords(app.prisma, opts.config.PASSWORD_TRANSPORT_KEY, app.clock);

  registerRoute(app, routes.verifyAccountInfo, ({ user }) => verification.info(user.id));
  registerRoute(app, routes.verifyAccountUpload, ({ user, body }) => verification.upload(user.id, body));
  registerRoute(app, routes.verifyAccountChangePassword, ({ user, body }) =>
    payPasswords.set(user.id, body.loginPassword, body.payPassword),
  );
  registerRoute(app, routes.verifyAccountChangePhone, ({ user, body }) =>
    account.changePhone(user.id, body.phone, body.code),
  );
  registerRoute(app, routes.payPasswordCheck, async ({ user, body }) => {
    await payPasswords.check(user.id, body.password);
    return { valid: true as const, ...payTokens.issue(user.id) };
  });
  registerRoute(app, routes.payPasswordStatus, ({ user }) => payPasswords.status(user.id));
}

import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { CAPTCHA } from '../captcha/image.ts';
import { createCaptchaService } from '../captcha/service.ts';
import { createSecurityService } from './security.ts';
import { createAuthService } from './service.ts';

export default async function authRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const captcha = createCaptchaService(app.prisma, app.clock, app.addressAllowance);
  const auth = createAuthService(app.prisma, captcha, config.PASSWORD_TRANSPORT_KEY, app.clock, app.addressAllowance);

  registerRoute(app, routes.clientConfig, () => ({
    transportKey: config.PASSWORD_TRANSPORT_KEY,
    authSiteUrl: config.AUTH_SITE_URL,
    previewHost: config.PREVIEW_HOST,
    paymentSandbox: config.PAYMENT_PROVIDER === 'sandbox',
  }));

  registerRoute(app, routes.getImgSwipe, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const puzzle = await captcha.create(request.ip);
    return {
      srcImage: puzzle.srcImage,
      cutImage: puzzle.cutImage,
      yposition: puzzle.y,
      captchaSerialNumber: puzzle.serial,
      width: CAPTCHA.width,
      height: CAPTCHA.height,
    };
  });

  registerRoute(app, routes.rstImgSwipe, ({ request, body }) =>
    captcha.verify(request.ip, body.captchaSerialNumber, body.moveEnd_X, body.wbili, body),
  );

  registerRoute(app, routes.newLogin, async ({ request, reply, body }) => {
    const { userId, memberId } = await auth.login(body, request.ip, request.headers['user-agent']);
    await app.sessions.start(request, reply, userId);
    reply.header('cache-control', 'no-store');
    return memberId;
  });

  registerRoute(app, routes.alreadyLogin, ({ user }) => user !== null);

  registerRoute(app, routes.logout, async ({ request, reply }) => {
    await app.sessions.end(request, reply);
    return null;
  });

  // The security settings page: the user's devices (sessions) and login history.
  const security = createSecurityService(app.prisma, app.clock, config.SESSION_IDLE_MINUTES);
  registerRoute(app, routes.listSessions, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return security.list(user.id, user.sessionId);
  });
  registerRoute(app, routes.endSession, async ({ user, body }) => {
    await security.end(user.id, user.sessionId, body.id);
    return null;
  });
  registerRoute(app, routes.endOtherSessions, ({ user }) => security.endOthers(user.id, user.sessionId));
  registerRoute(app, routes.loginHistory, ({ user, query }) => security.history(user.id, query.current, query.size));
}

import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { CAPTCHA } from '../captcha/image.ts';
import { createCaptchaService } from '../captcha/service.ts';
import { createAuthService } from './service.ts';

export default async function authRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const captcha = createCaptchaService(app.prisma, app.clock);
  const auth = createAuthService(app.prisma, captcha, config.PASSWORD_TRANSPORT_KEY, app.clock);

  registerRoute(app, routes.clientConfig, () => ({
    transportKey: config.PASSWORD_TRANSPORT_KEY,
    authSiteUrl: config.AUTH_SITE_URL,
    previewHost: config.PREVIEW_HOST,
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
    captcha.verify(request.ip, body.captchaSerialNumber, body.moveEnd_X, body.wbili),
  );

  registerRoute(app, routes.newLogin, async ({ request, reply, body }) => {
    const { userId, memberId } = await auth.login(body, request.ip);
    await app.sessions.start(request, reply, userId);
    reply.header('cache-control', 'no-store');
    return memberId;
  });

  registerRoute(app, routes.alreadyLogin, ({ user }) => user !== null);

  registerRoute(app, routes.logout, async ({ request, reply }) => {
    await app.sessions.end(request, reply);
    return null;
  });
}

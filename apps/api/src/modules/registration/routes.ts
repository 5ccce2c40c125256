import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import type { SmsSender } from '../account/sms.ts';
import { smsRequester } from '../account/sms-codes.ts';
import { createCaptchaService } from '../captcha/service.ts';
import { createRegistrationService } from './service.ts';

/** The account site's registration and password recovery (public routes). */
export default async function registrationRoutes(
  app: FastifyInstance,
  opts: { config: Config; sms: SmsSender; secret: Buffer },
) {
  const { config } = opts;
  const registration = createRegistrationService(app.prisma, {
    sms: opts.sms,
    captcha: createCaptchaService(app.prisma, app.clock, app.addressAllowance),
    transportKey: config.PASSWORD_TRANSPORT_KEY,
    policy: config.REGISTRATION_POLICY,
    secret: opts.secret,
    clock: app.clock,
    smsPerAddressHourly: config.SMS_PER_ADDRESS_HOURLY,
  });

  registerRoute(app, routes.registerOptions, () => registration.options());

  registerRoute(app, routes.registerSendCode, ({ request, body }) =>
    registration.sendRegisterCode(body.phone, body.verifyImageResult, smsRequester(app, request)),
  );

  registerRoute(app, routes.register, async ({ request, reply, body }) => {
    const created = await registration.register(body);
    // Open and roster registrations are logged in at once, as after a login.
    if (created.status === 'ACTIVE') await app.sessions.start(request, reply, created.userId);
    reply.header('cache-control', 'no-store');
    return { status: created.status, memberId: created.memberId };
  });

  registerRoute(app, routes.forgotPasswordSendCode, async ({ request, reply, body }) => {
    reply.header('cache-control', 'no-store');
    return registration.sendResetCode(body.account, body.verifyImageResult, smsRequester(app, request));
  });

  registerRoute(app, routes.forgotPasswordReset, async ({ body }) => {
    await registration.resetPassword(body.account, body.code, body.password);
    return null;
  });
}

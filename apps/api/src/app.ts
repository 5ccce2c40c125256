import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import jobs from './jobs/plugin.ts';
import { startWorkers } from './jobs/tasks.ts';
import './lib/background-writes.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { FileAccessRule } from './lib/file-access.ts';
import { WEB_DIST_DIR } from './lib/paths.ts';
import accountRoutes from './modules/account/routes.ts';
import { createAccountService } from './modules/account/service.ts';
import type { SmsSender } from './modules/account/sms.ts';
import { createSmsSender } from './modules/account/sms-provider.ts';
import wechatRoutes from './modules/account/wechat/routes.ts';
import adminRoutes from './modules/admin/plugin.ts';
import authRoutes from './modules/auth/routes.ts';
import session from './modules/auth/sessions.ts';
import centerRoutes from './modules/center/routes.ts';
import sandboxNotifier from './modules/commerce/alipay/sandbox-notifier.ts';
import { createPaymentChannel, type PaymentChannel } from './modules/commerce/alipay/setup.ts';
import invoiceRoutes from './modules/commerce/invoice-routes.ts';
import { PayTokens } from './modules/commerce/pay-token.ts';
import commerceRoutes from './modules/commerce/routes.ts';
import verifyRoutes from './modules/commerce/verify-routes.ts';
import courseRoutes from './modules/courses/routes.ts';
import curationRoutes from './modules/curation/routes.ts';
import dictRoutes from './modules/dict/routes.ts';
import files from './modules/files/plugin.ts';
import fileRoutes from './modules/files/routes.ts';
import { loadFileUrlSecret } from './modules/files/signing.ts';
import type { EntitlementRule } from './modules/library/access.ts';
import libraryRoutes from './modules/library/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import previews from './modules/preview/plugin.ts';
import type { MediaConverters } from './modules/preview/producers.ts';
import previewRoutes from './modules/preview/routes.ts';
import registrationRoutes from './modules/registration/routes.ts';
import studioRoutes from './modules/studios/routes.ts';
import systemRoutes, { type ReadinessCheck } from './modules/system/routes.ts';
import { createSharedRateLimitStore } from './modules/throttle/rate-limits.ts';
import trainingRoutes from './modules/training/routes.ts';
import uploads from './modules/uploads/plugin.ts';
import uploadRoutes from './modules/uploads/routes.ts';
import workOrderRoutes from './modules/workorders/routes.ts';
import cacheSync from './plugins/cache-sync.ts';
import docs from './plugins/docs.ts';
import errors, { answerClientError, answerFrameworkError } from './plugins/errors.ts';
import inFlight from './plugins/in-flight.ts';
import input from './plugins/input.ts';
import metrics from './plugins/metrics.ts';
import prisma from './plugins/prisma.ts';
import security from './plugins/security.ts';
import web from './plugins/web.ts';

export interface AppOptions {
  config: Config;
  databaseUrl: string;
  /** Folder of the built web app; null to serve the api only. */
  webDir?: string | null;
  /** Where log lines go (stdout by default; tests read them). */
  logStream?: Writable;
  /** Sends text messages (phone codes, registration decisions); default: SMS_PROVIDER's (the outbox, or Aliyun SMS). */
  sms?: SmsSender;
  /** Collects payments and pays out withdrawals; default: PAYMENT_PROVIDER's (the built-in sandbox, or Alipay). */
  paymentChannel?: (app: FastifyInstance) => Promise<PaymentChannel>;
  /** The time deadlines are measured against (lib/clock.ts); default: the system clock. */
  clock?: Clock;
  /** Runs LibreOffice and ffmpeg for previews and renditions; default: officeToPdf and transcodeToHls. */
  mediaConverters?: Partial<MediaConverters>;
}

/**
 * One log line per request, when it completes, naming the request as well as its answer (with its request id, as
 * every request's log line has). Fastify's own controller also writes an "incoming request" line: each line is a
 * synchronous write to stdout, and the two cost about a third of a cached page's CPU. A request whose client goes
 * away before the answer gets its line from the onRequestAbort hook in buildApp instead.
 */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}

/** Builds the whole app without listening: the server and the tests both start from here. */
export const buildApp = async ({
  config,
  databaseUrl,
  webDir,
  logStream,
  sms,
  paymentChannel,
  clock = systemClock,
  mediaConverters,
}: AppOptions) => {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new RequestLog(),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreDuplicateSlashes: false },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Closing closes the keep-alive connections idle at that moment; one still answering would then stay open for
  // its keep-alive timeout (72 s) after its answer, holding up shutdown. Close each as soon as it is idle.
  let closingIdle: NodeJS.Timeout | null = null;
  app.addHook('preClose', (done) => {
    closingIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    closingIdle.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    if (closingIdle) clearInterval(closingIdle);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted by the client');
    done();
  });
  app.decorate('clock', clock);
  app.decorate('readinessChecks', new Map<string, ReadinessCheck>());
  app.decorate('fileAccessRules', [] as FileAccessRule[]);
  app.decorate('resourceEntitlements', [] as EntitlementRule[]);
  app.decorate('backgroundWrites', new Set<() => Promise<void>>());
  app.decorateRequest('user', null);

  await app.register(errors);
  await app.register(input);
  await app.register(security, { config, rateLimitStore: createSharedRateLimitStore(() => app.pg) });
  await app.register(cookie);
  await app.register(inFlight, { config });
  await app.register(prisma, { databaseUrl, config });
  // Before the jobs and the modules, which report to it, and before any route, so that every route is measured.
  await app.register(metrics, { config });
  await app.register(cacheSync, { databaseUrl });
  await app.register(jobs, { databaseUrl, poolSize: config.MEDIA_CONCURRENCY + 5 });
  await app.register(session, { config });
  await app.register(docs);
  // Services shared by several modules are built here, once; the modules receive them.
  const secret = await loadFileUrlSecret(config);
  const payTokens = new PayTokens(secret, clock);
  const smsSender = sms ?? createSmsSender(config, app.prisma, app.log);
  const account = createAccountService(
    app.prisma,
    smsSender,
    config.PASSWORD_TRANSPORT_KEY,
    clock,
    config.SMS_PER_ADDRESS_HOURLY,
  );
  await app.register(files, { config, fileUrlSecret: secret });
  await app.register(previews, { config, converters: mediaConverters });
  await app.register(uploads, { config });

  await app.register(systemRoutes);
  await app.register(dictRoutes);
  await app.register(authRoutes, { config });
  await app.register(centerRoutes);
  await app.register(accountRoutes, { account });
  await app.register(registrationRoutes, { config, sms: smsSender, secret });
  await app.register(wechatRoutes, { config });
  await app.register(uploadRoutes, { config });
  await app.register(fileRoutes);
  await app.register(previewRoutes, { config });
  await app.register(libraryRoutes, { downloadRequiresLogin: config.DOWNLOAD_REQUIRES_LOGIN });
  await app.register(messageRoutes);
  await app.register(workOrderRoutes);
  await app.register(courseRoutes);
  await app.register(studioRoutes);
  await app.register(trainingRoutes);
  await app.register(curationRoutes);
  const channel = await (paymentChannel ?? ((instance) => createPaymentChannel(instance, config)))(app);
  await app.register(commerceRoutes, { config, channel, payTokens, stateSecret: secret });
  await app.register(verifyRoutes, { config, account, payTokens });
  await app.register(invoiceRoutes);
  await app.register(adminRoutes, { config, sms: smsSender });
  await app.register(sandboxNotifier, { config, deliverNotifications: channel.deliverNotifications });
  startWorkers(app, config);

  await app.register(web, { webDir: webDir === undefined ? (config.SERVE_WEB ? WEB_DIST_DIR : null) : webDir });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;

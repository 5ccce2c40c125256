import { routes } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { registerRoute } from '../../../lib/contract.ts';
import { createWechatBinding } from './binding.ts';
import { createWechatClient, type GetJson, WECHAT_ENDPOINTS } from './client.ts';
import { createWechatSandbox, loadWechatSandboxKeys, WECHAT_SANDBOX_ENDPOINTS } from './sandbox.ts';

/** Where WeChat sends the browser back after authorizing (the redirect_uri registered with WeChat). */
export const WECHAT_BIND_CALLBACK = '/api/open/center/weChatWebBind/callback';

/**
 * WeChat binding of the security settings page. WECHAT_PROVIDER=wechat: the WeChat open platform with the
 * configured website application; sandbox (the default): the same client pointed at the built-in sandbox, whose
 * AppID and AppSecret are made once in DATA_DIR/secrets. Server-to-server calls to the sandbox go through `inject`,
 * so they need no network and no known address of this server.
 */
export default async function wechatRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  let client: ReturnType<typeof createWechatClient>;
  if (config.WECHAT_PROVIDER === 'wechat') {
    // The app id and secret are there: loadConfig refuses WECHAT_PROVIDER=wechat without them.
    const getJson: GetJson = async (url) => {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      return JSON.parse(await response.text()) as unknown;
    };
    client = createWechatClient({
      appId: config.WECHAT_APP_ID.trim(),
      appSecret: config.WECHAT_APP_SECRET.trim(),
      endpoints: WECHAT_ENDPOINTS,
      getJson,
    });
  } else {
    // The sandbox's QR-code page posts an HTML form (in this plugin's scope only).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const keys = await loadWechatSandboxKeys(config.DATA_DIR);
    createWechatSandbox(app.prisma, keys, { clock: app.clock, publicBaseUrl: config.PUBLIC_BASE_URL }).register(app);
    const getJson: GetJson = async (url) => JSON.parse((await app.inject({ method: 'GET', url })).body) as unknown;
    client = createWechatClient({ ...keys, endpoints: WECHAT_SANDBOX_ENDPOINTS, getJson });
  }
  const binding = createWechatBinding(app.prisma, client, { clock: app.clock, log: app.log });

  const baseUrl = (request: FastifyRequest) => config.PUBLIC_BASE_URL || `${request.protocol}://${request.host}`;
  const securityPage = (roleTypeId?: number, roleId?: number) => {
    const query = new URLSearchParams();
    if (roleTypeId !== undefined && roleId !== undefined) {
      query.set('roleTypeId', String(roleTypeId));
      query.set('roleId', String(roleId));
    }
    const search = query.size ? `?${query}` : '';
    return `${config.AUTH_SITE_URL.replace(/\/+$/, '')}/securitySettings${search}`;
  };

  registerRoute(app, routes.weChatBindInfo, async ({ user }) => ({
    ...(await binding.status(user.id)),
    provider: config.WECHAT_PROVIDER,
  }));

  registerRoute(app, routes.weChatWebBind, async ({ user, body, request }) => ({
    authorizeUrl: await binding.start(
      user,
      `${baseUrl(request)}${WECHAT_BIND_CALLBACK}`,
      securityPage(body.roleTypeId, body.roleId),
    ),
  }));

  // WeChat's redirect_uri (WeChat's protocol, outside the product API): the browser arrives with code and state,
  // and leaves for the security page with the outcome (`wechatBind=ok`, or the reason it did not bind).
  app.get(WECHAT_BIND_CALLBACK, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value.length <= 512 ? value : undefined);
    const user = await app.sessions.resolve(request, reply);
    const { outcome, returnTo } = await binding.finish(user, { code: text(q.code), state: text(q.state) });
    const target = returnTo ?? securityPage();
    if (outcome !== 'ok') request.log.info({ outcome }, 'wechat binding not completed');
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}wechatBind=${outcome}`, 302);
  });
}

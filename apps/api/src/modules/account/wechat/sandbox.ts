import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrismaClient } from '../../../generated/prisma/client.ts';
import { type Clock, nowMs } from '../../../lib/clock.ts';
import { ownSiteUrl } from '../../../lib/own-site.ts';
import { loadOrCreateSecret } from '../../../lib/secrets.ts';
import type { WechatEndpoints } from './client.ts';

/**
 * The built-in WeChat sandbox: a local stand-in for the WeChat open platform's website login that speaks its
 * protocol. Its QR-code page (`connect/qrconnect`) lets a tester enter a WeChat nickname and confirm (or cancel), and
 * sends the browser back with a one-time `code` (10 minutes) and the `state`, as WeChat does; `sns/oauth2/access_token`
 * and `sns/userinfo` answer WeChat's JSON, errors included (40029 invalid code, 40163 code been used, 40013 invalid
 * appid, 40125 invalid appsecret, 40001 invalid access_token, 40003 invalid openid). The same nickname always
 * gives the same openid, so "this WeChat is bound to another account" can be tried.
 */
export const WECHAT_SANDBOX_BASE = '/sandbox/wechat';
export const WECHAT_SANDBOX_ENDPOINTS: WechatEndpoints = {
  openBase: `${WECHAT_SANDBOX_BASE}/open`,
  apiBase: `${WECHAT_SANDBOX_BASE}/api`,
};
const QRCONNECT = `${WECHAT_SANDBOX_ENDPOINTS.openBase}/connect/qrconnect`;
const CONFIRM = `${WECHAT_SANDBOX_ENDPOINTS.openBase}/connect/confirm`;
const SECRET_FILE = 'wechat-sandbox.json';
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_S = 7200;

export interface WechatSandboxKeys {
  appId: string;
  appSecret: string;
}

/** The sandbox website application's AppID and AppSecret, made once per data folder. */
export const loadWechatSandboxKeys = async (dataDir: string): Promise<WechatSandboxKeys> =>
  JSON.parse(
    await loadOrCreateSecret(dataDir, SECRET_FILE, () =>
      JSON.stringify({ appId: `wx${randomBytes(8).toString('hex')}`, appSecret: randomBytes(16).toString('hex') }),
    ),
  ) as WechatSandboxKeys;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A stable openid (28 characters, WeChat's shape) for a nickname under an app, and a unionid across apps. */
export const sandboxOpenId = (appId: string, nickname: string) =>
  `o${createHash('sha256').update(`${appId}:${nickname}`).digest('base64url').slice(0, 27)}`;
const sandboxUnionId = (nickname: string) =>
  `o${createHash('sha256').update(`union:${nickname}`).digest('base64url').slice(0, 27)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{margin:0;background:#f2f2f2;font:15px/1.6 "PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;color:#222}
header{background:#2e3132;color:#fff;padding:14px 24px;font-size:18px}header small{opacity:.9;margin-left:12px;font-size:13px}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:8px;padding:28px 32px;box-shadow:0 2px 12px #0001}
@media (max-width:480px){main{margin:16px 12px;padding:20px}}
h1{font-size:20px;margin:0 0 8px;text-align:center}.app{text-align:center;color:#555;margin:0 0 20px}
.qr{width:160px;height:160px;margin:0 auto 20px;display:grid;place-items:center;border:1px dashed #b7b7b7;border-radius:8px;color:#067d3c;font-size:14px;text-align:center}
label{display:block;margin:12px 0 4px;color:#555}
input[type=text]{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font-size:15px}
.actions{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:10px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.allow{background:#067d3c;color:#fff}.deny{background:#f2f2f2;color:#333}
.note{color:#636363;font-size:13px;margin-top:16px}.error{color:#cf1322}</style></head><body>
<header>微信 · 沙箱环境<small>仅用于测试，不连接真实微信</small></header><main>${body}</main></body></html>`;

/**
 * The sandbox pages carry their own policy, as strict as they can be: inline styles, forms posting to this site,
 * nothing else (the app's own policy stays as it is). Same-origin referrers keep the Origin header on the form post,
 * which the site's Origin check needs.
 */
const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(page(title, body));

/** WeChat's error answers carry a request id after the message. */
const wechatError = (reply: FastifyReply, errcode: number, errmsg: string) =>
  reply.type('application/json').send({ errcode, errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}` });

const stringsOf = (source: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return out;
  for (const [name, value] of Object.entries(source)) if (typeof value === 'string') out[name] = value;
  return out;
};

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export const createWechatSandbox = (
  prisma: PrismaClient,
  keys: WechatSandboxKeys,
  options: { clock: Clock; publicBaseUrl: string },
) => {
  const now = () => nowMs(options.clock);

  /** Where an authorization may send its code: this site only (see ownSiteUrl). */
  const redirectTarget = (request: FastifyRequest, target: string | undefined) =>
    ownSiteUrl(request, options.publicBaseUrl, target);

  /** What WeChat's page checks before it shows a QR code; null when the request is fine. */
  const authorizeProblem = (request: FastifyRequest, q: Record<string, string>) => {
    if (q.appid !== keys.appId) return 'AppID 参数错误（appid 无效）';
    if (q.scope !== 'snsapi_login') return 'Scope 参数错误或没有 Scope 权限';
    if (q.response_type !== 'code') return 'response_type 参数错误';
    if (!redirectTarget(request, q.redirect_uri)) return 'redirect_uri 参数错误：回调地址须为本站地址';
    return null;
  };

  const register = (app: FastifyInstance) => {
    app.get(QRCONNECT, async (request, reply) => {
      const q = stringsOf(request.query);
      const problem = authorizeProblem(request, q);
      if (problem) return sendPage(reply, 400, '参数错误', `<p class="error">${escapeHtml(problem)}</p>`);
      const hidden = ['appid', 'redirect_uri', 'state']
        .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`)
        .join('');
      return sendPage(
        reply,
        200,
        '微信登录（沙箱）',
        `<h1>微信登录</h1><p class="app">“资源库”申请使用您的微信账号信息（昵称、头像）</p>
<div class="qr" aria-hidden="true">沙箱二维码<br>在下方模拟扫码确认</div>
<form method="post" action="${CONFIRM}">${hidden}
<label for="nickname">微信昵称</label><input type="text" id="nickname" name="nickname" value="沙箱微信用户" maxlength="32" required>
<div class="actions"><button type="submit" class="allow" name="action" value="allow">确认登录</button>
<button type="submit" class="deny" name="action" value="deny">取消</button></div></form>
<p class="note">这是内置的微信沙箱：确认后会像微信一样带着一次性授权码（code）回到网站。相同的昵称总是对应相同的 openid。</p>`,
      );
    });

    app.post(CONFIRM, async (request, reply) => {
      const body = stringsOf(request.body);
      const problem = authorizeProblem(request, {
        ...body,
        scope: 'snsapi_login',
        response_type: 'code',
      });
      if (problem) return sendPage(reply, 400, '参数错误', `<p class="error">${escapeHtml(problem)}</p>`);
      const target = redirectTarget(request, body.redirect_uri) as URL;
      target.hash = '';
      if (body.action !== 'allow') {
        // The user refused: WeChat comes back with the state only.
        target.searchParams.set('state', body.state ?? '');
        return reply.redirect(target.href, 302);
      }
      const nickname = (body.nickname ?? '').trim().slice(0, 32);
      if (!nickname) return sendPage(reply, 400, '参数错误', '<p class="error">请输入微信昵称。</p>');
      const code = randomBytes(16).toString('hex');
      await prisma.wechatSandboxGrant.deleteMany({ where: { expiresAt: { lt: new Date(now() - 86_400_000) } } });
      await prisma.wechatSandboxGrant.create({
        data: {
          codeHash: sha256(code),
          appId: keys.appId,
          openId: sandboxOpenId(keys.appId, nickname),
          unionId: sandboxUnionId(nickname),
          nickname,
          expiresAt: new Date(now() + CODE_TTL_MS),
        },
      });
      target.searchParams.set('code', code);
      target.searchParams.set('state', body.state ?? '');
      return reply.redirect(target.href, 302);
    });

    app.get(`${WECHAT_SANDBOX_ENDPOINTS.apiBase}/sns/oauth2/access_token`, async (request, reply) => {
      const q = stringsOf(request.query);
      if (q.grant_type !== 'authorization_code') return wechatError(reply, 40002, 'invalid grant_type');
      if (q.appid !== keys.appId) return wechatError(reply, 40013, 'invalid appid');
      if (!sameSecret(q.secret ?? '', keys.appSecret)) return wechatError(reply, 40125, 'invalid appsecret');
      if (!q.code) return wechatError(reply, 41008, 'missing code');
      const grant = await prisma.wechatSandboxGrant.findUnique({ where: { codeHash: sha256(q.code) } });
      if (!grant || grant.appId !== keys.appId || grant.expiresAt.getTime() <= now()) {
        return wechatError(reply, 40029, 'invalid code');
      }
      const accessToken = randomBytes(32).toString('base64url');
      const { count } = await prisma.wechatSandboxGrant.updateMany({
        where: { codeHash: grant.codeHash, usedAt: null },
        data: {
          usedAt: new Date(now()),
          tokenHash: sha256(accessToken),
          tokenExpiresAt: new Date(now() + TOKEN_TTL_S * 1000),
        },
      });
      if (count !== 1) return wechatError(reply, 40163, 'code been used');
      return reply.type('application/json').send({
        access_token: accessToken,
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(32).toString('base64url'),
        openid: grant.openId,
        scope: 'snsapi_login',
        unionid: grant.unionId,
      });
    });

    app.get(`${WECHAT_SANDBOX_ENDPOINTS.apiBase}/sns/userinfo`, async (request, reply) => {
      const q = stringsOf(request.query);
      const grant = q.access_token
        ? await prisma.wechatSandboxGrant.findUnique({ where: { tokenHash: sha256(q.access_token) } })
        : null;
      if (!grant?.tokenExpiresAt || grant.tokenExpiresAt.getTime() <= now()) {
        return wechatError(reply, 40001, 'invalid credential, access_token is invalid or not latest');
      }
      if (q.openid !== grant.openId) return wechatError(reply, 40003, 'invalid openid');
      return reply.type('application/json').send({
        openid: grant.openId,
        nickname: grant.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        unionid: grant.unionId,
      });
    });
  };

  return { register };
};

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encryptPassword, MESSAGES, routes } from '@zyk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../apps/api/src/lib/session-cookie.ts';
import { deviceOf } from '../../apps/api/src/modules/auth/devices.ts';
import { publicSessionId } from '../../apps/api/src/modules/auth/security.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs, solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * Security settings: WeChat binding through the built-in WeChat sandbox (its protocol, the state tied to the
 * session, one use, ten minutes; an openid bound elsewhere refused), the devices list (sessions) and the login
 * history.
 */

let t: TestApp;
type Client = Awaited<ReturnType<typeof loginAs>>;
let keys: { appId: string; appSecret: string };

testAppFor((app) => (t = app), { env: { RATE_LIMITS: 'false' } });
beforeAll(async () => {
  keys = JSON.parse(readFileSync(path.join(t.config.DATA_DIR, 'secrets', 'wechat-sandbox.json'), 'utf8'));
});

const idOf = async (userName: string) => (await t.prisma.user.findUniqueOrThrow({ where: { userName } })).id;
const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
/** Ignores what merely calling the api writes (session touches). */
const fingerprint = () => databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });

const get = (url: string, cookie?: string) =>
  fetch(new URL(url, t.url), { redirect: 'manual', headers: cookie ? { cookie } : {} });
const sandboxApi = async (pathAndQuery: string) =>
  (await (await get(`/sandbox/wechat/api${pathAndQuery}`)).json()) as Record<string, unknown>;

/** What a tester does on the sandbox's QR-code page: enter a nickname and confirm (or cancel). Answers the callback. */
const authorize = async (authorizeUrl: string, nickname: string, action: 'allow' | 'deny' = 'allow') => {
  const url = new URL(authorizeUrl, t.url);
  expect(url.pathname).toBe('/sandbox/wechat/open/connect/qrconnect');
  expect(url.hash).toBe('#wechat_redirect');
  const pageRes = await get(url.href);
  expect(pageRes.status).toBe(200);
  expect(await pageRes.text()).toContain('微信登录');
  const form = new URLSearchParams({
    appid: url.searchParams.get('appid') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    nickname,
    action,
  });
  const res = await fetch(`${t.url}/sandbox/wechat/open/connect/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    body: form.toString(),
  });
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
};

/** Follows WeChat's redirect back to the callback with `client`'s cookie; answers the outcome the page gets. */
const comeBack = async (callbackUrl: string, cookie?: string) => {
  const res = await get(callbackUrl, cookie);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '', t.url);
  expect(location.pathname).toBe('/auth/securitySettings');
  return { outcome: location.searchParams.get('wechatBind'), location };
};

const startBind = async (client: Client) => {
  const res = await client.call(routes.weChatWebBind, { body: { roleTypeId: 1, roleId: 1 } });
  expect(res.code, res.msg).toBe(0);
  return res.data.authorizeUrl;
};

const wechatOf = (userName: string) =>
  t.prisma.user.findUniqueOrThrow({
    where: { userName },
    select: { wechatOpenId: true, wechatNickname: true, wechatBoundAt: true },
  });

describe('the WeChat sandbox protocol', () => {
  it('exchanges a code once for an access token and openid, and answers userinfo', async () => {
    const client = await loginAs(t, 'liujy');
    const callback = new URL(await authorize(await startBind(client), '协议测试'), t.url);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const q = (extra: Record<string, string>) =>
      new URLSearchParams({ appid: keys.appId, secret: keys.appSecret, grant_type: 'authorization_code', ...extra });

    expect(await sandboxApi(`/sns/oauth2/access_token?${q({ code: 'not-a-code' })}`)).toMatchObject({
      errcode: 40029,
      errmsg: expect.stringContaining('invalid code'),
    });
    expect(await sandboxApi(`/sns/oauth2/access_token?${q({ code, appid: 'wx0000' })}`)).toMatchObject({
      errcode: 40013,
    });
    expect(await sandboxApi(`/sns/oauth2/access_token?${q({ code, secret: 'x'.repeat(32) })}`)).toMatchObject({
      errcode: 40125,
    });
    const token = await sandboxApi(`/sns/oauth2/access_token?${q({ code })}`);
    expect(token).toMatchObject({ expires_in: 7200, scope: 'snsapi_login' });
    expect(token.openid).toMatch(/^o[\w-]{27}$/);
    expect(typeof token.access_token).toBe('string');
    expect(typeof token.unionid).toBe('string');
    // A code works once.
    expect(await sandboxApi(`/sns/oauth2/access_token?${q({ code })}`)).toMatchObject({ errcode: 40163 });

    const info = await sandboxApi(
      `/sns/userinfo?${new URLSearchParams({ access_token: String(token.access_token), openid: String(token.openid) })}`,
    );
    expect(info).toMatchObject({ openid: token.openid, nickname: '协议测试', unionid: token.unionid });
    expect(
      await sandboxApi(`/sns/userinfo?${new URLSearchParams({ access_token: 'bad', openid: String(token.openid) })}`),
    ).toMatchObject({ errcode: 40001 });
    expect(
      await sandboxApi(
        `/sns/userinfo?${new URLSearchParams({ access_token: String(token.access_token), openid: 'o-other' })}`,
      ),
    ).toMatchObject({ errcode: 40003 });

    // The code was spent here, so the callback refuses it (and the state is used up).
    expect((await comeBack(callback.href, cookieOf(client))).outcome).toBe('code');
    expect((await wechatOf('liujy')).wechatOpenId).toBeNull();
  });

  it('refuses a foreign redirect_uri, a wrong scope and an unknown appid on the QR-code page', async () => {
    const base = { appid: keys.appId, response_type: 'code', scope: 'snsapi_login', state: 's' };
    const page = (params: Record<string, string>) =>
      get(`/sandbox/wechat/open/connect/qrconnect?${new URLSearchParams(params)}`);
    const foreign = await page({ ...base, redirect_uri: 'https://evil.example/steal' });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('redirect_uri');
    expect((await page({ ...base, scope: 'snsapi_base', redirect_uri: `${t.url}/x` })).status).toBe(400);
    expect((await page({ ...base, appid: 'wxnope', redirect_uri: `${t.url}/x` })).status).toBe(400);
    const ok = await page({ ...base, redirect_uri: `${t.url}/x` });
    expect(ok.status).toBe(200);
    // The sandbox page has its own strict policy: no scripts at all.
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('binding WeChat from the security page', () => {
  it('binds through the sandbox, shows the status, and unbinds', async () => {
    const lijg = await loginAs(t, 'lijg');
    const before = await lijg.call(routes.weChatBindInfo);
    expect(before.data).toMatchObject({ bound: false, nickname: null, boundAt: null, provider: 'sandbox' });

    const { outcome, location } = await comeBack(await authorize(await startBind(lijg), '李老师'), cookieOf(lijg));
    expect(outcome).toBe('ok');
    expect(location.searchParams.get('roleTypeId')).toBe('1');
    expect(location.searchParams.get('roleId')).toBe('1');
    const info = await lijg.call(routes.weChatBindInfo);
    expect(info.data).toMatchObject({ bound: true, nickname: '李老师' });
    expect(Date.parse(info.data.boundAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await wechatOf('lijg')).wechatOpenId).toMatch(/^o/);

    // Bound already: a second binding is refused before WeChat is asked.
    const again = await lijg.call(routes.weChatWebBind, { body: {} });
    expect(again.code).toBe(40900);
    expect(again.msg).toBe(MESSAGES.security.wechatAlreadyBound);

    expect((await lijg.call(routes.weChatWebUnBind)).code).toBe(0);
    expect((await lijg.call(routes.weChatBindInfo)).data).toMatchObject({ bound: false, nickname: null });
    const twice = await lijg.call(routes.weChatWebUnBind);
    expect(twice.msg).toBe(MESSAGES.account.wechatNotBound);
  });

  it('refuses a state used twice, expired, from another session or another user', async () => {
    const zhang = await loginAs(t, 'zhangxm');
    const zhangOther = await loginAs(t, 'zhangxm');
    const wang = await loginAs(t, 'wangcy');

    // Another session of the same user, and another user: refused, and the state stays usable by its own session.
    const callback = await authorize(await startBind(zhang), '重放测试');
    const unchanged = await fingerprint();
    expect((await comeBack(callback, cookieOf(zhangOther))).outcome).toBe('state');
    expect((await comeBack(callback, cookieOf(wang))).outcome).toBe('state');
    expect((await comeBack(callback)).outcome).toBe('login');
    expect(await fingerprint()).toBe(unchanged);
    expect((await comeBack(callback, cookieOf(zhang))).outcome).toBe('ok');
    // Used once: the same callback again is refused.
    expect((await comeBack(callback, cookieOf(zhang))).outcome).toBe('state');
    expect((await wechatOf('zhangxm')).wechatNickname).toBe('重放测试');
    expect((await zhang.call(routes.weChatWebUnBind)).code).toBe(0);

    // Expired (older than 10 minutes).
    const late = await authorize(await startBind(zhang), '过期测试');
    await t.prisma.wechatBindState.updateMany({
      where: { usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await comeBack(late, cookieOf(zhang))).outcome).toBe('state');
    expect((await wechatOf('zhangxm')).wechatOpenId).toBeNull();

    // A made-up state, and none at all.
    const forged = new URL(late, t.url);
    forged.searchParams.set('state', 'forged-state');
    expect((await comeBack(forged.href, cookieOf(zhang))).outcome).toBe('state');
    expect((await comeBack('/api/open/center/weChatWebBind/callback', cookieOf(zhang))).outcome).toBe('state');
  });

  it('refuses a WeChat already bound to another account and changes nothing', async () => {
    const chen = await loginAs(t, 'chensy');
    const liu = await loginAs(t, 'liujy');
    expect((await comeBack(await authorize(await startBind(chen), '共用微信'), cookieOf(chen))).outcome).toBe('ok');
    const chenBinding = await wechatOf('chensy');

    const liuBefore = await wechatOf('liujy');
    const callback = await authorize(await startBind(liu), '共用微信');
    const { outcome } = await comeBack(callback, cookieOf(liu));
    expect(outcome).toBe('taken');
    expect(MESSAGES.security.wechatBindFailed[outcome as 'taken']).toMatch(/已绑定其他账号/);
    expect(await wechatOf('liujy')).toEqual(liuBefore);
    expect(await wechatOf('chensy')).toEqual(chenBinding);
  });

  it('comes back unbound when the user cancels on WeChat, or with a bad code', async () => {
    const user = await loginAs(t, 'liujy');
    const denied = await authorize(await startBind(user), '取消测试', 'deny');
    expect(new URL(denied, t.url).searchParams.has('code')).toBe(false);
    expect((await comeBack(denied, cookieOf(user))).outcome).toBe('denied');

    const callback = new URL(await authorize(await startBind(user), '坏授权码'), t.url);
    callback.searchParams.set('code', '0'.repeat(32));
    expect((await comeBack(callback.href, cookieOf(user))).outcome).toBe('code');
    expect((await wechatOf('liujy')).wechatOpenId).toBeNull();
  });

  it('refuses bad input to start a binding with nothing changed', async () => {
    const user = await loginAs(t, 'liujy');
    const before = await fingerprint();
    const res = await user.call(routes.weChatWebBind, { body: { roleTypeId: -1 } as never });
    expect(res.code).toBe(40000);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await fingerprint()).toBe(before);
  });
});

describe('devices (sessions)', () => {
  it('lists own sessions with an opaque id that is not a cookie, marks this one, ends one and the others', async () => {
    const a = await loginAs(t, 'wangcy');
    const b = await loginAs(t, 'wangcy');
    const c = await loginAs(t, 'wangcy');
    const other = await loginAs(t, 'chensy');

    const listed = await a.call(routes.listSessions);
    expect(listed.code).toBe(0);
    const userId = await idOf('wangcy');
    const stored = await t.prisma.session.findMany({ where: { userId } });
    expect(listed.data).toHaveLength(stored.length);
    expect(listed.data[0]?.current).toBe(true);
    expect(listed.data.filter((s) => s.current)).toHaveLength(1);
    for (const s of listed.data) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(stored.some((row) => row.id === s.id)).toBe(false);
      expect(s.ip).toBe('127.0.0.1');
      // The listed id used as a cookie is no session.
      const res = await fetch(`${t.url}/api/open/center/getRoleList`, {
        headers: { cookie: `${SESSION_COOKIE}=${s.id}` },
      });
      expect(res.status).toBe(401);
    }

    // Another user's session cannot be ended: not found, and it stays.
    const otherId = (await other.call(routes.listSessions)).data.find((s) => s.current)?.id ?? '';
    const foreign = await a.call(routes.endSession, { body: { id: otherId } });
    expect(foreign.code).toBe(40400);
    expect(foreign.msg).toBe(MESSAGES.security.sessionNotFound);
    expect((await other.call(routes.getRoleList)).code).toBe(0);

    // This device cannot be ended here.
    const self = listed.data.find((s) => s.current)?.id ?? '';
    expect((await a.call(routes.endSession, { body: { id: self } })).msg).toBe(MESSAGES.security.sessionIsCurrent);

    // Ending b: b's cookie is refused from now on, a and c go on.
    const bId = (await b.call(routes.listSessions)).data.find((s) => s.current)?.id ?? '';
    expect((await a.call(routes.endSession, { body: { id: bId } })).code).toBe(0);
    const bRes = await fetch(`${t.url}/api/open/center/getRoleList`, { headers: { cookie: cookieOf(b) } });
    expect(bRes.status).toBe(401);
    expect((await c.call(routes.getRoleList)).code).toBe(0);

    // Ending the others: c goes too, a stays, the other user is untouched.
    const ended = await a.call(routes.endOtherSessions);
    expect(ended.code).toBe(0);
    expect(ended.data.ended).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${t.url}/api/open/center/getRoleList`, { headers: { cookie: cookieOf(c) } })).status).toBe(
      401,
    );
    expect((await a.call(routes.getRoleList)).code).toBe(0);
    expect((await other.call(routes.getRoleList)).code).toBe(0);
    expect((await a.call(routes.listSessions)).data).toHaveLength(1);
    expect((await a.call(routes.endOtherSessions)).data.ended).toBe(0);
  });

  it('refuses a malformed session id with nothing changed', async () => {
    const a = await loginAs(t, 'wangcy');
    const before = await fingerprint();
    const res = await a.call(routes.endSession, { body: { id: 'not-an-id' } });
    expect(res.code).toBe(40000);
    expect(res.msg).toMatch(/登录设备编号无效/);
    expect(await fingerprint()).toBe(before);
  });

  it('names the device from its user agent', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.55 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 126', os: 'Windows 10', type: 'desktop' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' });
    expect(deviceOf(null)).toEqual({ browser: '未知浏览器', os: '未知系统', type: 'desktop' });
    expect(publicSessionId('a')).not.toBe(publicSessionId('b'));
  });
});

describe('login history', () => {
  const tryLogin = async (username: string, password: string) => {
    const client = t.client();
    const verifyImageResult = await solveCaptcha(t, client.call);
    return client.call(routes.newLogin, {
      body: { username, password: encryptPassword(password, TRANSPORT_KEY), verifyImageResult },
    });
  };

  it('records successes and failures of existing accounts, not of unknown names, newest first, paged', async () => {
    const userId = await idOf('zhaoxl');
    const count = () => t.prisma.loginEvent.count({ where: { userId } });
    const total = () => t.prisma.loginEvent.count();
    const start = await count();

    expect((await tryLogin('zhaoxl', 'Wrong@2026x')).code).toBe(40100);
    expect(await count()).toBe(start + 1);
    const failure = await t.prisma.loginEvent.findFirstOrThrow({ where: { userId }, orderBy: { id: 'desc' } });
    expect(failure).toMatchObject({ success: false, reason: 'BAD_PASSWORD', ip: '127.0.0.1' });

    const all = await total();
    expect((await tryLogin('no-such-user-here', 'Wrong@2026x')).code).toBe(40100);
    expect(await total()).toBe(all);

    const client = await loginAs(t, 'zhaoxl');
    expect(await count()).toBe(start + 2);

    const page = await client.call(routes.loginHistory, { query: { current: 1, size: 1 } });
    expect(page.code).toBe(0);
    expect(page.data.pageBean).toMatchObject({ current: 1, size: 1 });
    expect(page.data.objList).toHaveLength(1);
    expect(page.data.objList[0]).toMatchObject({ success: true, reason: null, ip: '127.0.0.1' });
    const second = await client.call(routes.loginHistory, { query: { current: 2, size: 1 } });
    expect(second.data.objList[0]).toMatchObject({ success: false, reason: '密码错误' });

    // Older than 30 days: not shown.
    await t.prisma.loginEvent.updateMany({
      where: { userId, success: false },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    const recent = await client.call(routes.loginHistory, { query: { current: 1, size: 10 } });
    expect(recent.data.objList.every((e) => e.success)).toBe(true);
    expect(await t.prisma.loginEvent.count({ where: { userId, success: false } })).toBe(1);
    // Older than half a year: forgotten at the next successful login.
    await t.prisma.loginEvent.updateMany({
      where: { userId, success: false },
      data: { createdAt: new Date(Date.now() - 181 * 86_400_000) },
    });
    await loginAs(t, 'zhaoxl');
    expect(await t.prisma.loginEvent.count({ where: { userId, success: false } })).toBe(0);

    // Only one's own history.
    const other = await loginAs(t, 'chensy');
    const theirs = await other.call(routes.loginHistory, { query: { current: 1, size: 50 } });
    const chenId = await idOf('chensy');
    expect(theirs.data.pageBean.totalCount).toBe(
      await t.prisma.loginEvent.count({
        where: { userId: chenId, createdAt: { gte: new Date(Date.now() - 30 * 86_400_000) } },
      }),
    );
  });

  it('refuses bad paging with nothing changed', async () => {
    const client = await loginAs(t, 'zhaoxl');
    const before = await fingerprint();
    const res = await client.call(routes.loginHistory, { query: { current: 0, size: 10 } });
    expect(res.code).toBe(40000);
    expect(await fingerprint()).toBe(before);
  });
});

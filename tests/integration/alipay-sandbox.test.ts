import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@zyk/shared';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  loadSandboxKeys,
  SANDBOX_SELLER_ID,
  type SandboxKeys,
} from '../../apps/api/src/modules/commerce/alipay/sandbox.ts';
import {
  alipayTimestamp,
  loadPrivateKey,
  rsa2Sign,
  signingContent,
} from '../../apps/api/src/modules/commerce/alipay/sign.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { publishDoc } from '../support/library.ts';

/**
 * The built-in sandbox and our Alipay channel, checked with Alipay's official Node SDK (alipay-sdk 4) as an
 * independent client: it builds and signs requests its own way, and verifies answers and notifications its own way.
 */

const PUBLIC_BASE_URL = 'https://zyk.example.cn';

let t: TestApp;
let dataDir: string;
let keys: SandboxKeys;
let sdk: AlipaySdk;
let seller: Awaited<ReturnType<typeof loginAs>>;
let buyer: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-alipay-'));
  t = await startTestApp({
    env: { RATE_LIMITS: 'false', DATA_DIR: dataDir, PUBLIC_BASE_URL, JOB_WORKER: 'false' },
  });
  keys = await loadSandboxKeys(dataDir);
  // The SDK configured as a merchant would configure it for this gateway, with the keys the app uses.
  sdk = new AlipaySdk({
    appId: keys.appId,
    privateKey: keys.appPrivateKey,
    keyType: 'PKCS8',
    alipayPublicKey: keys.gatewayPublicKey,
    gateway: `${t.url}/sandbox/alipay/gateway.do`,
    camelcase: false,
  });
  seller = await loginAs(t, 'lijg');
  buyer = await loginAs(t, 'wangcy');
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh sandbox trade, opened the way a merchant using the SDK opens one (its default POST form). */
const openTradeWithSdk = async (outTradeNo: string, totalAmount = '12.34') => {
  const html = sdk.pageExec('alipay.trade.page.pay', {
    notifyUrl: `${t.url}/api/pay/alipay/notify`,
    returnUrl: `${t.url}/api/pay/alipay/return`,
    bizContent: {
      outTradeNo,
      productCode: 'FAST_INSTANT_TRADE_PAY',
      totalAmount,
      subject: '勾股定理教学设计',
    },
  });
  const action = /<form action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g)].map(
    ([, name, value]) => [name!, value!.replaceAll('&quot;', '"')],
  );
  expect(action).toBeTruthy();
  // System fields travel in the action URL, biz_content in the form body.
  expect(new URL(action!).searchParams.get('sign')).toBeTruthy();
  expect(fields.map(([name]) => name)).toContain('biz_content');
  return fetch(action!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
};

/** An auth code as the sandbox's consent page hands it to this site. */
const authCode = async (account: string) => {
  const consent = await fetch(`${t.url}/sandbox/alipay/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: '/personSpace/account/income/withdrawal', state: 's', account }),
    redirect: 'manual',
  });
  expect(consent.status).toBe(302);
  return new URL(consent.headers.get('location')!).searchParams.get('auth_code')!;
};

describe('sandbox authorization page redirects only to this site', () => {
  const authorizePage = (redirectUri: string) =>
    fetch(`${t.url}/sandbox/alipay/oauth?${new URLSearchParams({ app_id: keys.appId, redirect_uri: redirectUri })}`);
  const consent = (redirectUri: string) =>
    fetch(`${t.url}/sandbox/alipay/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: redirectUri, state: 'bind.x', account: '沙箱收款人' }),
      redirect: 'manual',
    });
  const foreign = [
    'https://evil.example.com/steal',
    '//evil.example.com/steal',
    '/\\evil.example.com/steal',
    'https://zyk.example.cn.evil.example.com/',
    'http://zyk.example.cn/personSpace', // PUBLIC_BASE_URL is https
    'javascript:alert(1)',
    'ftp://127.0.0.1/',
  ];

  it('refuses any other redirect_uri with a Chinese 400 page and no redirect', async () => {
    for (const target of foreign) {
      for (const res of [await authorizePage(target), await consent(target)]) {
        expect(res.status, target).toBe(400);
        expect(res.headers.get('location'), target).toBeNull();
        const html = await res.text();
        expect(html, target).toContain('回调地址（redirect_uri）必须是本站的地址');
        expect(html, target).not.toContain('auth_code');
      }
    }
  });

  it('sends the code back to this site: its own origin, a path on it, or PUBLIC_BASE_URL', async () => {
    const own = [
      [`${t.url}/personSpace/account/income/withdrawal?from=bind`, t.url],
      ['/personSpace/account/income/withdrawal', t.url],
      [`${PUBLIC_BASE_URL}/personSpace/account/income/withdrawal`, PUBLIC_BASE_URL],
    ] as const;
    for (const [target, origin] of own) {
      const page = await authorizePage(target);
      expect(page.status, target).toBe(200);
      expect(await page.text()).toContain('同意授权');
      const res = await consent(target);
      expect(res.status, target).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin).toBe(origin);
      expect(back.pathname).toBe('/personSpace/account/income/withdrawal');
      expect(back.searchParams.get('state')).toBe('bind.x');
      expect(back.searchParams.get('auth_code')).toBeTruthy();
      if (target.includes('from=bind')) expect(back.searchParams.get('from')).toBe('bind');
    }
  });
});

describe('alipay-sdk against the sandbox gateway and our channel', () => {
  it('pageExec: the SDK’s default POST form (system fields in the URL, biz_content in the body) opens the cashier', async () => {
    const cashier = await openTradeWithSdk('20261122143000900001');
    const html = await cashier.text();
    expect(cashier.status, html).toBe(200);
    expect(html).toContain('确认付款');
    expect(html).toContain('12.34');
    // The GET link form works too.
    const link = sdk.pageExec('alipay.trade.page.pay', 'GET', {
      notifyUrl: `${t.url}/api/pay/alipay/notify`,
      returnUrl: `${t.url}/api/pay/alipay/return`,
      bizContent: { outTradeNo: '20261122143000900002', totalAmount: '0.01', subject: '试卷' },
    });
    const viaLink = await fetch(link);
    expect(viaLink.status).toBe(200);
    expect(await viaLink.text()).toContain('确认付款');
    // A signed field changed on the way is refused.
    const tampered = await fetch(link.replace('0.01', '0.02'));
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('验签失败');
  });

  it('exec: the SDK’s calls get answers it verifies (trade query, auth code exchange, user info)', async () => {
    await openTradeWithSdk('20261122143000900003', '5.00');
    const trade = await sdk.exec(
      'alipay.trade.query',
      { bizContent: { outTradeNo: '20261122143000900003' } },
      { validateSign: true },
    );
    expect(trade).toMatchObject({
      code: '10000',
      out_trade_no: '20261122143000900003',
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '5.00',
    });
    const missing = await sdk.exec(
      'alipay.trade.query',
      { bizContent: { outTradeNo: '20990101000000000000' } },
      { validateSign: true },
    );
    expect(missing).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' });

    const token = await sdk.exec(
      'alipay.system.oauth.token',
      { grantType: 'authorization_code', code: await authCode('王老师的支付宝') },
      { validateSign: true },
    );
    expect(token.user_id).toMatch(/^2088\d{12}$/);
    const info = await sdk.exec('alipay.user.info.share', { authToken: token.access_token }, { validateSign: true });
    expect(info).toMatchObject({ code: '10000', user_id: token.user_id, nick_name: '王老师的支付宝' });
  });

  it('refuses a parameter given in both the query string and the body with different values', async () => {
    const signed = Object.fromEntries(
      new URLSearchParams(sdk.sdkExecute('alipay.trade.query', { bizContent: { outTradeNo: '20261122143000900003' } })),
    );
    const res = await fetch(
      `${t.url}/sandbox/alipay/gateway.do?${new URLSearchParams({ ...signed, biz_content: '{"out_trade_no":"1"}' })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ biz_content: signed.biz_content! }).toString(),
      },
    );
    const answer = (await res.json()) as { error_response?: Record<string, string> };
    expect(answer.error_response).toMatchObject({ code: '40002', sub_code: 'isv.invalid-parameter' });
  });

  it('an error_response comes back as the business error, through the SDK and through our channel', async () => {
    const sdkAnswer = await sdk.exec('alipay.system.oauth.token', { grantType: 'authorization_code', code: 'bogus' });
    expect(sdkAnswer).toMatchObject({ code: '40002', sub_code: 'isv.code-invalid', sub_msg: '授权码无效或已过期' });

    const start = await seller.call(routes.alipayOauth, { query: {} });
    expect(start.code, start.msg).toBe(0);
    const state = new URL(start.data.authorizeUrl!, t.url).searchParams.get('state')!;
    const bound = await seller.call(routes.alipayOauth, { query: { auth_code: 'bogus', state } });
    expect(bound.code).not.toBe(0);
    expect(bound.msg).toBe('支付宝授权失败：支付宝返回错误：授权码无效或已过期（isv.code-invalid）');
  });

  it('a notification Alipay signed is accepted for our seller, and refused (order untouched) for another seller', async () => {
    const resourceId = await publishDoc(t, seller.call, 'lijg', { title: '支付宝通知测试资源', price: 700 });
    const opened = await buyer.call(routes.payInfoResource, { query: { resourceId } });
    expect(opened.code, opened.msg).toBe(0);
    const orderNo = opened.data.order.orderNo;
    const signedBySandbox = (fields: Record<string, string>) => {
      const params: Record<string, string> = {
        notify_time: alipayTimestamp(),
        notify_type: 'trade_status_sync',
        notify_id: `n${Math.random()}`,
        app_id: keys.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_status: 'TRADE_SUCCESS',
        out_trade_no: orderNo,
        total_amount: '7.00',
        ...fields,
      };
      params.sign = rsa2Sign(signingContent(params, ['sign', 'sign_type']), loadPrivateKey(keys.gatewayPrivateKey));
      // The SDK, configured with the platform key the app trusts, agrees it is a genuine notification.
      expect(sdk.checkNotifySignV2(params)).toBe(true);
      return params;
    };
    const notify = async (params: Record<string, string>) => {
      const res = await fetch(`${t.url}/api/pay/alipay/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      return [res.status, await res.text()];
    };
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const foreign = signedBySandbox({ trade_no: '2026112222001400000000000701', seller_id: '2088999999999999' });
      expect(await notify(foreign)).toEqual([400, 'failure']);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ sellerId: '2088999999999999', outTradeNo: orderNo }),
        expect.stringContaining('seller_id'),
      );
    } finally {
      warn.mockRestore();
    }
    const unpaid = await t.prisma.order.findUniqueOrThrow({ where: { orderNo } });
    expect(unpaid.status).not.toBe('PAID');
    const refused = await t.prisma.paymentNotification.findFirstOrThrow({ where: { outTradeNo: orderNo } });
    expect(refused.verified).toBe(false);

    const ours = signedBySandbox({ trade_no: '2026112222001400000000000702', seller_id: SANDBOX_SELLER_ID });
    expect(await notify(ours)).toEqual([200, 'success']);
    const paid = await t.prisma.order.findUniqueOrThrow({ where: { orderNo } });
    expect(paid.status).toBe('PAID');
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fenToYuanText, yuanTextToFen } from '../../apps/api/src/lib/money.ts';
import { AlipayChannel } from '../../apps/api/src/modules/commerce/alipay/channel.ts';
import {
  loadPrivateKey,
  loadPublicKey,
  responseSubstring,
  rsa2Sign,
  rsa2Verify,
  signingContent,
} from '../../apps/api/src/modules/commerce/alipay/sign.ts';

/** Test keys standing in for the app's and Alipay's; nothing here talks to Alipay. */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pair();
const alipay = pair();
/** Alipay's console hands out bare base64 bodies; the adapter takes those too. */
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

const channel = (fetchText?: ConstructorParameters<typeof AlipayChannel>[1]) =>
  new AlipayChannel(
    {
      appId: '2021004100000001',
      privateKey: loadPrivateKey(bare(app.privateKey)),
      alipayPublicKey: loadPublicKey(bare(alipay.publicKey)),
      gateway: 'https://openapi.alipay.com/gateway.do',
      authorizeBase: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
    },
    fetchText,
  );

const alipaySigned = (params: Record<string, string>) => ({
  ...params,
  sign: rsa2Sign(signingContent(params, ['sign', 'sign_type']), loadPrivateKey(alipay.privateKey)),
});

describe('Alipay RSA2 signing', () => {
  it('signs the sorted, non-empty parameters without sign', () => {
    expect(signingContent({ b: '2', a: '1', sign: 'x', empty: '', c: '中文' })).toBe('a=1&b=2&c=中文');
    expect(signingContent({ sign_type: 'RSA2', a: '1' }, ['sign', 'sign_type'])).toBe('a=1');
  });

  it('converts yuan text and fen exactly, refusing anything else', () => {
    expect(fenToYuanText(1234)).toBe('12.34');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(yuanTextToFen('12.34')).toBe(1234);
    expect(yuanTextToFen('12.3')).toBe(1230);
    expect(yuanTextToFen('12')).toBe(1200);
    for (const bad of ['12.345', '-1', '1e3', '', ' 1', 'abc', undefined]) expect(yuanTextToFen(bad)).toBeNull();
  });

  it('builds a cashier URL whose signature Alipay can verify with the app public key', () => {
    const url = new URL(
      channel().pagePayUrl({
        orderNo: '20261122143000123456',
        amount: 990,
        subject: '勾股定理教学设计',
        notifyUrl: 'https://zyk.example.cn/api/pay/alipay/notify',
        returnUrl: 'https://zyk.example.cn/api/pay/alipay/return',
      }),
    );
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ app_id: '2021004100000001', method: 'alipay.trade.page.pay', sign_type: 'RSA2' });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: '20261122143000123456',
      total_amount: '9.90',
    });
    expect(rsa2Verify(signingContent(params), params.sign!, loadPublicKey(app.publicKey))).toBe(true);
  });

  it('accepts a notification signed by Alipay and rejects tampered, foreign-app or self-signed ones', () => {
    const notification = alipaySigned({
      app_id: '2021004100000001',
      out_trade_no: '20261122143000123456',
      trade_no: '2026112222001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '9.90',
      sign_type: 'RSA2',
    });
    const c = channel();
    expect(c.verifyNotification(notification)).toBe(true);
    expect(c.verifyNotification({ ...notification, total_amount: '0.01' })).toBe(false);
    expect(c.verifyNotification({ ...notification, app_id: '2021000000000000' })).toBe(false);
    const selfSigned = {
      ...notification,
      sign: rsa2Sign(signingContent(notification, ['sign', 'sign_type']), loadPrivateKey(app.privateKey)),
    };
    expect(c.verifyNotification(selfSigned)).toBe(false);
  });

  it('binds an account: exchanges the auth code and checks the signature of each answer', async () => {
    const answer = (method: string, content: Record<string, string>) => {
      const json = JSON.stringify(content);
      return `{"${method.replaceAll('.', '_')}_response":${json},"sign":"${rsa2Sign(json, loadPrivateKey(alipay.privateKey))}"}`;
    };
    const seen: string[] = [];
    const good = channel(async (_url, init) => {
      const params = Object.fromEntries(new URLSearchParams(init.body));
      seen.push(params.method!);
      expect(rsa2Verify(signingContent(params), params.sign!, loadPublicKey(app.publicKey))).toBe(true);
      return params.method === 'alipay.system.oauth.token'
        ? answer(params.method, { user_id: '2088102146225135', access_token: 'token-1' })
        : answer(params.method!, { code: '10000', msg: 'Success', nick_name: '李老师' });
    });
    expect(await good.accountOf('auth-code-1')).toEqual({ userId: '2088102146225135', nickname: '李老师' });
    expect(seen).toEqual(['alipay.system.oauth.token', 'alipay.user.info.share']);

    const forged = channel(async () =>
      JSON.stringify({ alipay_system_oauth_token_response: { user_id: '2088000000000000' }, sign: 'AAAA' }),
    );
    await expect(forged.accountOf('auth-code-2')).rejects.toThrow(/验签失败/);
  });

  it('cuts the signed substring out of a raw answer, braces in strings included', () => {
    const raw = '{"x_response":{"a":"}{\\"","b":{"c":1}},"sign":"s"}';
    expect(responseSubstring(raw, 'x_response')).toBe('{"a":"}{\\"","b":{"c":1}}');
    expect(responseSubstring(raw, 'missing')).toBeNull();
  });
});

import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import { fenToYuanText, yuanTextToFen } from '@zyk/shared';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it, vi } from 'vitest';
import { type Config, loadConfig } from '../../apps/api/src/config.ts';
import { AlipayChannel } from '../../apps/api/src/modules/commerce/alipay/channel.ts';
import { createPaymentChannel } from '../../apps/api/src/modules/commerce/alipay/setup.ts';
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

const SELLER_ID = '2088102146225135';
const channel = (
  fetchText?: ConstructorParameters<typeof AlipayChannel>[1],
  log?: ConstructorParameters<typeof AlipayChannel>[0]['log'],
) =>
  new AlipayChannel(
    {
      appId: '2021004100000001',
      privateKey: loadPrivateKey(bare(app.privateKey)),
      alipayPublicKey: loadPublicKey(bare(alipay.publicKey)),
      gateway: 'https://openapi.alipay.com/gateway.do',
      authorizeBase: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
      sellerIds: [SELLER_ID],
      log,
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
      seller_id: SELLER_ID,
      out_trade_no: '20261122143000123456',
      trade_no: '2026112222001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '9.90',
      sign_type: 'RSA2',
    });
    const c = channel();
    expect(c.verifyNotification(notification)).toBe(true);
    // Alipay sends seller_id with every trade notification: one without it is not ours to trust.
    const { seller_id: _seller, ...withoutSeller } = notification as Record<string, string>;
    expect(c.verifyNotification(alipaySigned(withoutSeller))).toBe(false);
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

/** The same key pair in every form a deployment may paste into ALIPAY_PRIVATE_KEY / ALIPAY_PUBLIC_KEY. */
const keyForms = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = (key: typeof privateKey, type: 'pkcs1' | 'pkcs8' | 'spki') =>
    (key.export({ type: type as 'pkcs1', format: 'der' }) as Buffer).toString('base64');
  const pem = (key: typeof privateKey, type: 'pkcs1' | 'pkcs8' | 'spki') =>
    key.export({ type: type as 'pkcs1', format: 'pem' }) as string;
  return {
    private: {
      barePkcs1: der(privateKey, 'pkcs1'),
      barePkcs8: der(privateKey, 'pkcs8'),
      pemPkcs1: pem(privateKey, 'pkcs1'),
      pemPkcs8: pem(privateKey, 'pkcs8'),
    },
    public: {
      bareSpki: der(publicKey, 'spki'),
      barePkcs1: der(publicKey, 'pkcs1'),
      pemSpki: pem(publicKey, 'spki'),
      pemPkcs1: pem(publicKey, 'pkcs1'),
    },
    publicPem: pem(publicKey, 'spki'),
  };
};

describe('Alipay key settings', () => {
  it('loads the app private key as bare base64 PKCS#1 (Alipay key tool, non-Java), bare PKCS#8 or PEM, and the Alipay public key as bare SPKI or PEM', () => {
    const keys = keyForms();
    const content = 'app_id=2021004100000001&method=alipay.trade.query';
    for (const [form, value] of Object.entries(keys.private)) {
      const key = loadPrivateKey(value);
      expect(key.asymmetricKeyType, form).toBe('rsa');
      expect(rsa2Verify(content, rsa2Sign(content, key), loadPublicKey(keys.publicPem)), form).toBe(true);
    }
    for (const [form, value] of Object.entries(keys.public)) {
      const signed = rsa2Sign(content, loadPrivateKey(keys.private.pemPkcs8));
      expect(rsa2Verify(content, signed, loadPublicKey(value)), form).toBe(true);
    }
    // PEM pasted into an env file on one line with literal \n.
    expect(loadPrivateKey(keys.private.pemPkcs1.replaceAll('\n', '\\n')).asymmetricKeyType).toBe('rsa');
  });

  it('signs with a bare PKCS#1 key exactly as alipay-sdk does with the same key', () => {
    const keys = keyForms();
    const sdk = new AlipaySdk({ appId: '2021004100000001', privateKey: keys.private.barePkcs1 });
    const params = Object.fromEntries(
      new URLSearchParams(sdk.sdkExecute('alipay.trade.query', { bizContent: { outTradeNo: '20261122143000123456' } })),
    );
    const ours = rsa2Sign(signingContent(params), loadPrivateKey(keys.private.barePkcs1));
    expect(ours).toBe(params.sign);
  });

  it('refuses an unusable key at start with a Chinese message naming the setting', async () => {
    const keys = keyForms();
    const start = (env: Record<string, string>) =>
      createPaymentChannel(
        { log: console } as unknown as Parameters<typeof createPaymentChannel>[0],
        {
          ...loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() }),
          PAYMENT_PROVIDER: 'alipay',
          ALIPAY_APP_ID: '2021004100000001',
          ALIPAY_PRIVATE_KEY: keys.private.barePkcs1,
          ALIPAY_PUBLIC_KEY: keys.public.bareSpki,
          ALIPAY_SELLER_ID: SELLER_ID,
          ...env,
        } as Config,
      );
    expect((await start({})).name).toBe('alipay');
    await expect(start({ ALIPAY_PRIVATE_KEY: 'A'.repeat(200) })).rejects.toThrow(
      /^ALIPAY_PRIVATE_KEY 不是可用的 RSA 私钥/,
    );
    await expect(start({ ALIPAY_PUBLIC_KEY: `${keys.public.bareSpki.slice(0, 120)}` })).rejects.toThrow(
      /^ALIPAY_PUBLIC_KEY 不是可用的 RSA 公钥/,
    );
    await expect(start({ ALIPAY_PUBLIC_KEY: keys.private.pemPkcs8 })).rejects.toThrow(/^ALIPAY_PUBLIC_KEY 填的是私钥/);
    await expect(start({ ALIPAY_PRIVATE_KEY: '/nonexistent/app_private_key.pem' })).rejects.toThrow(
      /^ALIPAY_PRIVATE_KEY 既不是密钥文本，也不是可读取的文件/,
    );
    await expect(start({ ALIPAY_SELLER_ID: '' })).rejects.toThrow(/需要设置 ALIPAY_SELLER_ID/);
    await expect(start({ ALIPAY_SELLER_ID: '12345' })).rejects.toThrow(/^ALIPAY_SELLER_ID 应为支付宝商户号/);
  });
});

describe('Alipay notifications for another seller', () => {
  it('refuses a genuinely signed notification whose seller_id is not ours, and logs a warning', () => {
    const warn = vi.fn();
    const c = channel(undefined, { warn });
    const fields = {
      app_id: '2021004100000001',
      out_trade_no: '20261122143000123456',
      trade_no: '2026112222001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '9.90',
      sign_type: 'RSA2',
    };
    expect(c.checkNotification(alipaySigned({ ...fields, seller_id: SELLER_ID }))).toBe('OK');
    const foreign = alipaySigned({ ...fields, seller_id: '2088999999999999' });
    expect(c.checkNotification(foreign)).toBe('WRONG_SELLER');
    expect(c.verifyNotification(foreign)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ sellerId: '2088999999999999', outTradeNo: '20261122143000123456' }),
      expect.stringContaining('seller_id'),
    );
    expect(c.checkNotification({ ...foreign, app_id: '2021000000000000' })).toBe('WRONG_APP_ID');
    expect(c.checkNotification({ ...foreign, sign: 'AAAA' })).toBe('BAD_SIGNATURE');
  });
});

describe('Alipay error answers', () => {
  const signedAnswer = (name: string, content: Record<string, string>) => {
    const json = JSON.stringify(content);
    return `{"${name}":${json},"sign":"${rsa2Sign(json, loadPrivateKey(alipay.privateKey))}"}`;
  };
  const invalidCode = {
    code: '40002',
    msg: 'Invalid Arguments',
    sub_code: 'isv.code-invalid',
    sub_msg: '授权码code无效',
  };

  it('reports an error_response as the business error, signed or not', async () => {
    const unsigned = channel(async () => JSON.stringify({ error_response: invalidCode }));
    await expect(unsigned.accountOf('expired-code')).rejects.toThrow(
      '支付宝返回错误：授权码code无效（isv.code-invalid）',
    );
    const signed = channel(async () => signedAnswer('error_response', invalidCode));
    await expect(signed.accountOf('expired-code')).rejects.toMatchObject({
      name: 'AppError',
      message: '支付宝返回错误：授权码code无效（isv.code-invalid）',
    });
  });

  it('reports a business error in the method answer with its sub_code, and msg when there is no sub_msg', async () => {
    const refused = channel(async () =>
      JSON.stringify({
        alipay_system_oauth_token_response: { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-app-id' },
      }),
    );
    await expect(refused.accountOf('code')).rejects.toThrow('支付宝返回错误：Business Failed（isv.invalid-app-id）');
    // A success answer still has to be signed by Alipay.
    const unsignedSuccess = channel(async () =>
      JSON.stringify({ alipay_system_oauth_token_response: { user_id: '2088000000000000', access_token: 't' } }),
    );
    await expect(unsignedSuccess.accountOf('code')).rejects.toThrow(/应答验签失败/);
  });
});

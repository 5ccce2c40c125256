import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { AlipayChannel } from './channel.ts';
import {
  createSandboxGateway,
  loadSandboxKeys,
  SANDBOX_AUTHORIZE,
  SANDBOX_GATEWAY,
  SANDBOX_KEYS_FILE,
  SANDBOX_SELLER_ID,
} from './sandbox.ts';
import { loadPrivateKey, loadPublicKey } from './sign.ts';

const ALIPAY_AUTHORIZE = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm';

export interface PaymentChannel {
  name: 'sandbox' | 'alipay';
  alipay: AlipayChannel;
  /** Sandbox only: its gateway, cashier and authorization pages on this server. */
  registerGateway?: (app: FastifyInstance) => void;
  /** Sandbox only: sends the notifications that are due (the commerce worker calls it). */
  deliverNotifications?: () => Promise<number>;
}

/**
 * PAYMENT_PROVIDER=alipay: the Alipay adapter with the configured app id and keys. sandbox (the default): the
 * same adapter pointed at the built-in gateway, with key pairs made once in DATA_DIR/secrets. Server-to-server
 * calls to the sandbox go through `inject`, so they need no network and no known address of this server.
 */
export const createPaymentChannel = async (app: FastifyInstance, config: Config): Promise<PaymentChannel> => {
  if (config.PAYMENT_PROVIDER === 'alipay') {
    const missing = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID'] as const;
    const unset = missing.filter((name) => !config[name].trim());
    if (unset.length) throw new Error(`PAYMENT_PROVIDER=alipay 需要设置 ${unset.join('、')}`);
    const sellerIds = config.ALIPAY_SELLER_ID.split(',').map((id) => id.trim());
    const badSeller = sellerIds.find((id) => !/^2088\d{12}$/.test(id));
    if (badSeller !== undefined) {
      throw new Error(
        `ALIPAY_SELLER_ID 应为支付宝商户号（2088 开头的 16 位数字，多个用逗号分隔），而不是“${badSeller}”`,
      );
    }
    return {
      name: 'alipay',
      alipay: new AlipayChannel({
        appId: config.ALIPAY_APP_ID,
        privateKey: loadPrivateKey(config.ALIPAY_PRIVATE_KEY, 'ALIPAY_PRIVATE_KEY'),
        alipayPublicKey: loadPublicKey(config.ALIPAY_PUBLIC_KEY, 'ALIPAY_PUBLIC_KEY'),
        gateway: config.ALIPAY_GATEWAY,
        authorizeBase: ALIPAY_AUTHORIZE,
        sellerIds,
        log: app.log,
      }),
    };
  }
  const keys = await loadSandboxKeys(config.DATA_DIR);
  const gateway = createSandboxGateway(app.prisma, keys, {
    retrySeconds: config.SANDBOX_NOTIFY_RETRY_SECONDS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    log: app.log,
  });
  const alipay = new AlipayChannel(
    {
      appId: keys.appId,
      privateKey: loadPrivateKey(keys.appPrivateKey, SANDBOX_KEYS_FILE),
      alipayPublicKey: loadPublicKey(keys.gatewayPublicKey, SANDBOX_KEYS_FILE),
      gateway: SANDBOX_GATEWAY,
      authorizeBase: SANDBOX_AUTHORIZE,
      sellerIds: [SANDBOX_SELLER_ID],
      log: app.log,
    },
    async (url, init) =>
      (await app.inject({ method: init.method, url, headers: init.headers, payload: init.body })).body,
  );
  return { name: 'sandbox', alipay, registerGateway: gateway.register, deliverNotifications: gateway.deliverDue };
};

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { AlipayChannel } from './channel.ts';
import { createSandboxGateway, loadSandboxKeys, SANDBOX_AUTHORIZE, SANDBOX_GATEWAY } from './sandbox.ts';
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
    if (!config.ALIPAY_APP_ID || !config.ALIPAY_PRIVATE_KEY || !config.ALIPAY_PUBLIC_KEY) {
      throw new Error('PAYMENT_PROVIDER=alipay 需要设置 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY 和 ALIPAY_PUBLIC_KEY');
    }
    return {
      name: 'alipay',
      alipay: new AlipayChannel({
        appId: config.ALIPAY_APP_ID,
        privateKey: loadPrivateKey(config.ALIPAY_PRIVATE_KEY),
        alipayPublicKey: loadPublicKey(config.ALIPAY_PUBLIC_KEY),
        gateway: config.ALIPAY_GATEWAY,
        authorizeBase: ALIPAY_AUTHORIZE,
      }),
    };
  }
  const keys = await loadSandboxKeys(config.DATA_DIR);
  const gateway = createSandboxGateway(app.prisma, keys, {
    retrySeconds: config.SANDBOX_NOTIFY_RETRY_SECONDS,
    log: app.log,
  });
  const alipay = new AlipayChannel(
    {
      appId: keys.appId,
      privateKey: loadPrivateKey(keys.appPrivateKey),
      alipayPublicKey: loadPublicKey(keys.gatewayPublicKey),
      gateway: SANDBOX_GATEWAY,
      authorizeBase: SANDBOX_AUTHORIZE,
    },
    async (url, init) =>
      (await app.inject({ method: init.method, url, headers: init.headers, payload: init.body })).body,
  );
  return { name: 'sandbox', alipay, registerGateway: gateway.register, deliverNotifications: gateway.deliverDue };
};

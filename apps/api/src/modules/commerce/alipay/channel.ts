import type { KeyObject } from 'node:crypto';
import { fenToYuanText, MESSAGES } from '@zyk/shared';
import { AppError } from '../../../lib/errors.ts';
import { alipayTimestamp, responseSubstring, rsa2Sign, rsa2Verify, signingContent } from './sign.ts';

export interface AlipaySettings {
  appId: string;
  /** The app's private key: signs our requests. */
  privateKey: KeyObject;
  /** Alipay's public key: checks its notifications and answers. */
  alipayPublicKey: KeyObject;
  /** The gateway (`https://openapi.alipay.com/gateway.do`, or the built-in sandbox's). */
  gateway: string;
  /** Where the user authorizes an account binding. */
  authorizeBase: string;
  /** The merchant's Alipay user ids (2088…): the only sellers whose notifications may pay our orders. */
  sellerIds: readonly string[];
  log?: { warn: (details: object, message: string) => void };
}

export type NotificationCheck = 'OK' | 'BAD_SIGNATURE' | 'WRONG_APP_ID' | 'WRONG_SELLER';

export interface PagePayInput {
  orderNo: string;
  amount: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
}

export type FetchText = (
  url: string,
  init: { method: 'POST'; body: string; headers: Record<string, string> },
) => Promise<string>;

const defaultFetch: FetchText = async (url, init) => (await fetch(url, init)).text();

/**
 * An Alipay open-platform client for what we use: the desktop cashier (alipay.trade.page.pay), async
 * notification checks, and account binding (user authorization, alipay.system.oauth.token,
 * alipay.user.info.share). The built-in sandbox speaks the same protocol, so this one adapter serves both.
 */
export class AlipayChannel {
  constructor(
    private readonly settings: AlipaySettings,
    private readonly fetchText: FetchText = defaultFetch,
  ) {}

  get appId() {
    return this.settings.appId;
  }

  private signed(method: string, extra: Record<string, string>) {
    const params: Record<string, string> = {
      app_id: this.settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(),
      version: '1.0',
      ...extra,
    };
    params.sign = rsa2Sign(signingContent(params), this.settings.privateKey);
    return params;
  }

  /** The cashier address the buyer's browser goes to. */
  pagePayUrl(input: PagePayInput) {
    const params = this.signed('alipay.trade.page.pay', {
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      biz_content: JSON.stringify({
        out_trade_no: input.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToYuanText(input.amount),
        subject: input.subject.slice(0, 256),
        timeout_express: '30m',
      }),
    });
    return `${this.settings.gateway}?${new URLSearchParams(params)}`;
  }

  /**
   * Whether an async notification (or a return redirect) really came from Alipay for our app and our merchant.
   * A genuine notification for another seller (another merchant sharing the app, as with a service provider)
   * must not pay our order, so seller_id is checked once the signature holds. Alipay sends it with every trade
   * notification and return, so one without it is refused too.
   */
  checkNotification(params: Record<string, string>): NotificationCheck {
    if (params.app_id !== this.settings.appId) return 'WRONG_APP_ID';
    const content = signingContent(params, ['sign', 'sign_type']);
    if (!params.sign || !rsa2Verify(content, params.sign, this.settings.alipayPublicKey)) return 'BAD_SIGNATURE';
    if (!params.seller_id || !this.settings.sellerIds.includes(params.seller_id)) {
      this.settings.log?.warn(
        { sellerId: params.seller_id, outTradeNo: params.out_trade_no, tradeNo: params.trade_no },
        '支付宝通知的卖家（seller_id）不是本商户，已拒绝',
      );
      return 'WRONG_SELLER';
    }
    return 'OK';
  }

  verifyNotification(params: Record<string, string>) {
    return this.checkNotification(params) === 'OK';
  }

  authorizeUrl(redirectUri: string, state: string) {
    const q = new URLSearchParams({
      app_id: this.settings.appId,
      scope: 'auth_user',
      redirect_uri: redirectUri,
      state,
    });
    return `${this.settings.authorizeBase}?${q}`;
  }

  private async call(method: string, extra: Record<string, string>) {
    const body = new URLSearchParams(this.signed(method, extra)).toString();
    const raw = await this.fetchText(this.settings.gateway, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    });
    const name = `${method.replaceAll('.', '_')}_response`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    if (!parsed || typeof parsed !== 'object')
      throw new AppError('UNAVAILABLE', MESSAGES.alipay.answerUnreadable(method));
    // Gateway-level refusals (bad app id, unknown method, invalid auth code…) come as error_response.
    const key = name in parsed ? name : 'error_response' in parsed ? 'error_response' : null;
    const content = key && responseSubstring(raw, key);
    const answer = content ? (JSON.parse(content) as Record<string, string>) : null;
    // An error is reported whether signed or not (Alipay leaves some unsigned): nothing is done on its word.
    if (answer && (key === 'error_response' || (answer.code && answer.code !== '10000') || answer.sub_code)) {
      const detail = answer.sub_code ?? answer.code;
      throw new AppError('BAD_REQUEST', MESSAGES.alipay.gatewayError(answer.sub_msg || answer.msg, detail));
    }
    const { sign } = parsed as { sign?: unknown };
    if (!content || !answer || typeof sign !== 'string' || !rsa2Verify(content, sign, this.settings.alipayPublicKey)) {
      throw new Error(MESSAGES.alipay.answerSignatureInvalid(method));
    }
    return answer;
  }

  /** Turns the auth code of a binding into the Alipay account it belongs to. */
  async accountOf(authCode: string) {
    const token = await this.call('alipay.system.oauth.token', { grant_type: 'authorization_code', code: authCode });
    if (!token.user_id || !token.access_token) throw new Error(MESSAGES.alipay.authInvalid);
    const info = await this.call('alipay.user.info.share', { auth_token: token.access_token });
    return { userId: token.user_id, nickname: info.nick_name ?? '支付宝用户' };
  }
}

/**
 * The WeChat open platform's website login (网站应用微信登录), as this server uses it to bind an account: the
 * browser goes to `connect/qrconnect` with our `state`, WeChat sends it back to the callback with a one-time `code`,
 * and the server exchanges the code for an access token and the user's openid (`sns/oauth2/access_token`), then
 * reads the nickname (`sns/userinfo`). The built-in sandbox (sandbox.ts) answers the same requests under its own
 * base addresses; this client is the same for both.
 */

export interface WechatEndpoints {
  /** Where the browser is sent to authorize (open.weixin.qq.com). */
  openBase: string;
  /** Where the server exchanges codes and reads user info (api.weixin.qq.com). */
  apiBase: string;
}

export const WECHAT_ENDPOINTS: WechatEndpoints = {
  openBase: 'https://open.weixin.qq.com',
  apiBase: 'https://api.weixin.qq.com',
};

/** A GET to the WeChat API answering JSON (WeChat answers HTTP 200 with `{errcode, errmsg}` on errors too). */
export type GetJson = (url: string) => Promise<unknown>;

/** An error answer of the WeChat API. */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat API error ${errcode}: ${errmsg}`);
  }
}

/** The codes that mean the authorization code itself was bad (invalid or expired, already used). */
export const BAD_CODE_ERRCODES = new Set([40029, 40163]);

export interface WechatToken {
  accessToken: string;
  openId: string;
  unionId: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's fields, or the WeChat error it carries (a missing answer counts as a system error, -1). */
const answerOf = (body: unknown) => {
  if (!isRecord(body)) throw new WechatApiError(-1, 'unreadable answer');
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new WechatApiError(body.errcode, typeof body.errmsg === 'string' ? body.errmsg : '');
  }
  return body;
};

const text = (value: unknown, field: string) => {
  if (typeof value !== 'string' || !value) throw new WechatApiError(-1, `answer without ${field}`);
  return value;
};

export const createWechatClient = (options: {
  appId: string;
  appSecret: string;
  endpoints: WechatEndpoints;
  getJson: GetJson;
}) => {
  const { appId, appSecret, endpoints, getJson } = options;
  return {
    appId,
    /** The QR-code login page for `state`, coming back to `redirectUri`. */
    authorizeUrl: (redirectUri: string, state: string) => {
      const query = new URLSearchParams({
        appid: appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${endpoints.openBase}/connect/qrconnect?${query}#wechat_redirect`;
    },

    /** Exchanges a one-time authorization code for an access token and the user's openid. */
    exchangeCode: async (code: string): Promise<WechatToken> => {
      const query = new URLSearchParams({
        appid: appId,
        secret: appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const body = answerOf(await getJson(`${endpoints.apiBase}/sns/oauth2/access_token?${query}`));
      return {
        accessToken: text(body.access_token, 'access_token'),
        openId: text(body.openid, 'openid'),
        unionId: typeof body.unionid === 'string' && body.unionid ? body.unionid : null,
      };
    },

    /** The user's WeChat nickname. */
    nickname: async (token: WechatToken) => {
      const query = new URLSearchParams({ access_token: token.accessToken, openid: token.openId });
      const body = answerOf(await getJson(`${endpoints.apiBase}/sns/userinfo?${query}`));
      return typeof body.nickname === 'string' ? body.nickname.trim().slice(0, 64) : '';
    },
  };
};

export type WechatClient = ReturnType<typeof createWechatClient>;

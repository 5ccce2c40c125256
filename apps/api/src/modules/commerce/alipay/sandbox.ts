import { createHash, createHmac, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { fenToYuanText, yuanTextToFen } from '@zyk/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrismaClient, SandboxTrade } from '../../../generated/prisma/client.ts';
import { ownSiteUrl } from '../../../lib/own-site.ts';
import { loadOrCreateSecret } from '../../../lib/secrets.ts';
import { alipayTimestamp, loadPrivateKey, loadPublicKey, rsa2Sign, rsa2Verify, signingContent } from './sign.ts';

/**
 * The built-in payment sandbox: a local stand-in for Alipay's gateway that speaks its protocol. It checks the
 * app's RSA2 request signature, shows a cashier page, and once the buyer confirms it redirects back with signed
 * return parameters and posts the signed asynchronous notification, retrying until the answer is exactly
 * `success` — as Alipay does, only with shorter waits. It also plays Alipay's account authorization for binding.
 */
export const SANDBOX_BASE = '/sandbox/alipay';
export const SANDBOX_GATEWAY = `${SANDBOX_BASE}/gateway.do`;
export const SANDBOX_AUTHORIZE = `${SANDBOX_BASE}/oauth`;
export const SANDBOX_KEYS_FILE = 'alipay-sandbox.json';
/** The sandbox merchant's Alipay user id: the seller_id of its notifications, which the channel checks. */
export const SANDBOX_SELLER_ID = '2088000000000001';
const MAX_NOTIFY_ATTEMPTS = 8;
const METHODS = new Set([
  'alipay.trade.page.pay',
  'alipay.trade.query',
  'alipay.system.oauth.token',
  'alipay.user.info.share',
]);

export interface SandboxKeys {
  appId: string;
  appPrivateKey: string;
  appPublicKey: string;
  gatewayPrivateKey: string;
  gatewayPublicKey: string;
}

/** Two RSA key pairs (the app's and the "Alipay" side's), made once per data folder. */
export const loadSandboxKeys = async (dataDir: string): Promise<SandboxKeys> => {
  const make = () => {
    const pair = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
    const app = pair();
    const gateway = pair();
    const keys: SandboxKeys = {
      appId: `2021${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0').slice(0, 12)}`,
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      gatewayPrivateKey: gateway.privateKey,
      gatewayPublicKey: gateway.publicKey,
    };
    return JSON.stringify(keys);
  };
  return JSON.parse(await loadOrCreateSecret(dataDir, SANDBOX_KEYS_FILE, make)) as SandboxKeys;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{margin:0;background:#f0f3f7;font:15px/1.6 "PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;color:#222}
header{background:#1677ff;color:#fff;padding:14px 24px;font-size:18px}header small{opacity:.8;margin-left:12px;font-size:13px}
main{max-width:520px;margin:32px auto;background:#fff;border-radius:8px;padding:28px 32px;box-shadow:0 2px 12px #0001}
dl{display:grid;grid-template-columns:6em 1fr;gap:8px 12px;margin:0 0 20px}dt{color:#888}dd{margin:0;word-break:break-all}
.amount{font-size:28px;color:#f5222d;font-weight:600}label{display:block;margin:12px 0 4px;color:#555}
input{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font-size:15px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:#1677ff;color:#fff;font-size:16px;cursor:pointer}
.note{color:#888;font-size:13px;margin-top:16px}.error{color:#f5222d}</style></head><body>
<header>支付宝 · 沙箱环境<small>仅用于测试，不会产生真实扣款</small></header><main>${body}</main></body></html>`;

/**
 * The sandbox pages post their forms back to this server. The site-wide `Referrer-Policy: no-referrer` would make
 * the browser send `Origin: null` with those posts, which the Origin check rightly refuses; same-origin keeps the
 * real origin on same-site posts and still sends nothing elsewhere.
 */
const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .send(page(title, body));

/** A stable sandbox "Alipay user id" (2088 + 12 digits) for an account name. */
const sandboxUserId = (account: string) =>
  `2088${BigInt(`0x${createHash('sha256').update(account).digest('hex').slice(0, 15)}`) % 10n ** 12n}`.padEnd(16, '0');

export const createSandboxGateway = (
  prisma: PrismaClient,
  keys: SandboxKeys,
  options: { retrySeconds: number; publicBaseUrl: string; log: FastifyBaseLogger },
) => {
  const appPublicKey = loadPublicKey(keys.appPublicKey, SANDBOX_KEYS_FILE);
  const gatewayPrivateKey = loadPrivateKey(keys.gatewayPrivateKey, SANDBOX_KEYS_FILE);
  const codeKey = createHash('sha256').update(keys.gatewayPrivateKey).digest();
  const signGateway = (params: Record<string, string>, exclude: readonly string[]) =>
    rsa2Sign(signingContent(params, exclude), gatewayPrivateKey);

  /** Auth codes carry the sandbox account, sealed with an HMAC (no state to share between api instances). */
  const issueCode = (account: string) => {
    const body = Buffer.from(JSON.stringify({ a: account, e: Date.now() + 10 * 60_000 })).toString('base64url');
    return `${body}.${createHmac('sha256', codeKey).update(body).digest('base64url')}`;
  };
  const openCode = (code: string) => {
    const [body = '', mac = ''] = code.split('.');
    const expected = Buffer.from(createHmac('sha256', codeKey).update(body).digest('base64url'));
    if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), expected)) return null;
    const { a, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { a: string; e: number };
    return e > Date.now() ? a : null;
  };

  const answer = (method: string, content: Record<string, string>) => {
    const name = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(content);
    return `{"${name}":${json},"sign":"${rsa2Sign(json, gatewayPrivateKey)}"}`;
  };

  /** A business error in the method's own answer, signed like every answer. */
  const refuse = (reply: FastifyReply, method: string, error: Record<string, string>) =>
    reply.type('application/json').send(answer(method, error));
  /** A refusal before any method runs (bad app id, unknown method, invalid auth code): Alipay's error_response. */
  const refuseAtGateway = (reply: FastifyReply, error: Record<string, string>) =>
    reply.type('application/json').send(answer('error', error));

  const notificationOf = (trade: SandboxTrade): Record<string, string> => {
    const params: Record<string, string> = {
      notify_time: alipayTimestamp(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: trade.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: trade.buyerId ?? '',
      seller_id: SANDBOX_SELLER_ID,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: alipayTimestamp(trade.createdAt),
      gmt_payment: alipayTimestamp(trade.paidAt ?? new Date()),
    };
    params.sign = signGateway(params, ['sign', 'sign_type']);
    return params;
  };

  /**
   * Posts the notifications that are due; each trade is claimed by one worker at a time (SKIP LOCKED), and
   * retried with growing waits until the merchant answers exactly `success`, at most 8 times.
   */
  const deliverDue = async () => {
    const due = await prisma.$queryRaw<SandboxTrade[]>`
      UPDATE sandbox_trades SET next_notify_at = now() + interval '60 seconds', notify_attempts = notify_attempts + 1
      WHERE trade_no IN (SELECT trade_no FROM sandbox_trades WHERE status = 'TRADE_SUCCESS' AND notified_at IS NULL
        AND next_notify_at <= now() ORDER BY next_notify_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING trade_no AS "tradeNo", app_id AS "appId", out_trade_no AS "outTradeNo", total_amount AS "totalAmount",
        subject, notify_url AS "notifyUrl", return_url AS "returnUrl", status, buyer_id AS "buyerId",
        notify_attempts AS "notifyAttempts", next_notify_at AS "nextNotifyAt", notified_at AS "notifiedAt",
        paid_at AS "paidAt", created_at AS "createdAt"`;
    await Promise.all(
      due.map(async (trade) => {
        let text = '';
        try {
          const response = await fetch(trade.notifyUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
            body: new URLSearchParams(notificationOf(trade)).toString(),
            signal: AbortSignal.timeout(10_000),
          });
          text = await response.text();
        } catch (error) {
          options.log.warn({ err: error, tradeNo: trade.tradeNo }, '沙箱支付通知发送失败');
        }
        const delivered = text.trim() === 'success';
        const waitMs = options.retrySeconds * 1000 * 2 ** Math.min(trade.notifyAttempts - 1, 10);
        await prisma.sandboxTrade.update({
          where: { tradeNo: trade.tradeNo },
          data: delivered
            ? { notifiedAt: new Date(), nextNotifyAt: null }
            : {
                nextNotifyAt: trade.notifyAttempts >= MAX_NOTIFY_ATTEMPTS ? null : new Date(Date.now() + waitMs),
              },
        });
      }),
    );
    return due.length;
  };

  /**
   * The request's parameters as Alipay's gateway reads them: the query string and the form body together (the
   * SDKs put the system fields in the URL and biz_content in the body). A name given twice with different values
   * is refused rather than guessed at, so what was signed is what is acted on.
   */
  const gatewayParams = (request: FastifyRequest) => {
    const params: Record<string, string> = {};
    const sources = [request.query, request.method === 'POST' ? request.body : undefined];
    for (const source of sources) {
      if (source === undefined || source === null) continue;
      if (typeof source !== 'object' || Array.isArray(source)) return null;
      for (const [name, value] of Object.entries(source)) {
        if (typeof value !== 'string' || (Object.hasOwn(params, name) && params[name] !== value)) return null;
        params[name] = value;
      }
    }
    return params;
  };

  const register = (app: FastifyInstance) => {
    const gateway = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = gatewayParams(request);
      const method = params?.method ?? '';
      const signedOk =
        params !== null &&
        params.app_id === keys.appId &&
        Boolean(params.sign) &&
        rsa2Verify(signingContent(params), params.sign ?? '', appPublicKey);
      if (method === 'alipay.trade.page.pay' && !signedOk) {
        return sendPage(
          reply,
          400,
          '验签失败',
          '<p class="error">请求签名无效（invalid-signature），请返回商户重新发起支付。</p>',
        );
      }
      if (params === null) {
        return refuseAtGateway(reply, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-parameter',
          sub_msg: '参数重复且取值不同，或格式有误',
        });
      }
      if (params.app_id !== keys.appId) {
        return refuseAtGateway(reply, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-app-id',
          sub_msg: '无效的AppID参数',
        });
      }
      if (!METHODS.has(method)) {
        return refuseAtGateway(reply, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-method',
          sub_msg: '沙箱不支持该接口',
        });
      }
      if (!signedOk) {
        return refuse(reply, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      }
      if (method === 'alipay.trade.page.pay') return cashier(params, reply);
      if (method === 'alipay.trade.query') return query(params, reply);
      if (method === 'alipay.system.oauth.token') {
        const account = openCode(params.code ?? '');
        if (!account) {
          return refuseAtGateway(reply, {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.code-invalid',
            sub_msg: '授权码无效或已过期',
          });
        }
        return reply
          .type('application/json')
          .send(
            answer(method, { user_id: sandboxUserId(account), access_token: params.code ?? '', expires_in: '600' }),
          );
      }
      const account = openCode(params.auth_token ?? '');
      if (!account) {
        return refuse(reply, method, {
          code: '20001',
          msg: 'Invalid auth token',
          sub_code: 'aop.invalid-auth-token',
          sub_msg: '授权令牌无效',
        });
      }
      return reply
        .type('application/json')
        .send(answer(method, { code: '10000', msg: 'Success', user_id: sandboxUserId(account), nick_name: account }));
    };

    /** alipay.trade.query: a trade by out_trade_no or trade_no, as merchants check a payment they have not heard of. */
    const query = async (params: Record<string, string>, reply: FastifyReply) => {
      const method = 'alipay.trade.query';
      let biz: Record<string, unknown>;
      try {
        biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
      } catch {
        biz = {};
      }
      const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
      const tradeNo = typeof biz.trade_no === 'string' ? biz.trade_no : '';
      if (!outTradeNo && !tradeNo) {
        return refuse(reply, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.missing-required-arguments',
          sub_msg: 'out_trade_no 和 trade_no 不能同时为空',
        });
      }
      const trade = await prisma.sandboxTrade.findFirst({
        where: { appId: keys.appId, ...(tradeNo ? { tradeNo } : {}), ...(outTradeNo ? { outTradeNo } : {}) },
      });
      if (!trade) {
        return refuse(reply, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      const found: Record<string, string> = {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
      };
      if (trade.buyerId) found.buyer_user_id = trade.buyerId;
      if (trade.paidAt) found.send_pay_date = alipayTimestamp(trade.paidAt);
      return reply.type('application/json').send(answer(method, found));
    };

    const cashier = async (params: Record<string, string>, reply: FastifyReply) => {
      let biz: Record<string, string>;
      try {
        biz = JSON.parse(params.biz_content ?? '') as Record<string, string>;
      } catch {
        return sendPage(reply, 400, '参数错误', '<p class="error">biz_content 不是有效的 JSON。</p>');
      }
      const amount = yuanTextToFen(biz.total_amount);
      if (!biz.out_trade_no || amount === null || amount <= 0 || !params.notify_url || !params.return_url) {
        return sendPage(reply, 400, '参数错误', '<p class="error">订单号、金额、通知地址或返回地址有误。</p>');
      }
      const existing = await prisma.sandboxTrade.findUnique({
        where: { appId_outTradeNo: { appId: keys.appId, outTradeNo: biz.out_trade_no } },
      });
      if (existing?.status === 'TRADE_SUCCESS') {
        return sendPage(
          reply,
          200,
          '订单已支付',
          `<p>订单 ${escapeHtml(existing.outTradeNo)} 已支付，请勿重复付款。</p>`,
        );
      }
      const data = {
        totalAmount: fenToYuanText(amount),
        subject: biz.subject ?? '',
        notifyUrl: params.notify_url,
        returnUrl: params.return_url,
      };
      const trade = existing
        ? await prisma.sandboxTrade.update({ where: { tradeNo: existing.tradeNo }, data })
        : await prisma.sandboxTrade.create({
            data: {
              ...data,
              tradeNo: `${alipayTimestamp().replace(/\D/g, '').slice(0, 8)}22${randomBytes(10).readUIntBE(0, 6).toString().padStart(18, '0')}`,
              appId: keys.appId,
              outTradeNo: biz.out_trade_no,
            },
          });
      return sendPage(
        reply,
        200,
        '支付宝收银台（沙箱）',
        `<dl><dt>商品</dt><dd>${escapeHtml(trade.subject)}</dd><dt>订单号</dt><dd>${escapeHtml(trade.outTradeNo)}</dd>
<dt>应付金额</dt><dd class="amount">￥${escapeHtml(trade.totalAmount)}</dd></dl>
<form method="post" action="${SANDBOX_BASE}/pay"><input type="hidden" name="trade_no" value="${escapeHtml(trade.tradeNo)}">
<label for="buyer">付款账户</label><input id="buyer" name="buyer" value="沙箱买家" maxlength="30" required>
<button type="submit">确认付款</button></form>
<p class="note">这是内置的支付沙箱：确认后会像支付宝一样向商户发送签名的异步通知，并跳回商户页面。</p>`,
      );
    };

    app.get(SANDBOX_GATEWAY, gateway);
    app.post(SANDBOX_GATEWAY, gateway);

    app.post(`${SANDBOX_BASE}/pay`, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const buyer = (body.buyer ?? '').trim().slice(0, 30) || '沙箱买家';
      const trade = await prisma.sandboxTrade.findUnique({ where: { tradeNo: body.trade_no ?? '' } });
      if (!trade)
        return sendPage(reply, 404, '交易不存在', '<p class="error">交易不存在，请返回商户重新发起支付。</p>');
      await prisma.sandboxTrade.updateMany({
        where: { tradeNo: trade.tradeNo, status: 'WAIT_BUYER_PAY' },
        data: { status: 'TRADE_SUCCESS', buyerId: sandboxUserId(buyer), paidAt: new Date(), nextNotifyAt: new Date() },
      });
      void deliverDue().catch((error) => options.log.error({ err: error }, '沙箱支付通知失败'));
      const back: Record<string, string> = {
        app_id: trade.appId,
        method: 'alipay.trade.page.pay.return',
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        timestamp: alipayTimestamp(),
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        total_amount: trade.totalAmount,
        seller_id: SANDBOX_SELLER_ID,
      };
      back.sign = signGateway(back, ['sign', 'sign_type']);
      const separator = trade.returnUrl.includes('?') ? '&' : '?';
      return reply.redirect(`${trade.returnUrl}${separator}${new URLSearchParams(back)}`, 302);
    });

    /** Where an authorization may send its code: this site only (see ownSiteUrl). */
    const redirectTarget = (request: FastifyRequest, target: string | undefined) =>
      ownSiteUrl(request, options.publicBaseUrl, target);
    const foreignRedirect = (reply: FastifyReply) =>
      sendPage(
        reply,
        400,
        '回调地址不被允许',
        '<p class="error">回调地址（redirect_uri）必须是本站的地址，与应用登记的回调地址同源；已拒绝授权，不会跳转。</p>',
      );

    app.get(SANDBOX_AUTHORIZE, async (request, reply) => {
      const q = request.query as Record<string, string>;
      if (q.app_id !== keys.appId || !q.redirect_uri) {
        return sendPage(reply, 400, '授权参数错误', '<p class="error">应用编号或回调地址有误。</p>');
      }
      if (!redirectTarget(request, q.redirect_uri)) return foreignRedirect(reply);
      return sendPage(
        reply,
        200,
        '支付宝授权（沙箱）',
        `<p>“资源库”申请获取您的支付宝账户信息（用户编号、昵称），用于收款。</p>
<form method="post" action="${SANDBOX_AUTHORIZE}"><input type="hidden" name="redirect_uri" value="${escapeHtml(q.redirect_uri)}">
<input type="hidden" name="state" value="${escapeHtml(q.state ?? '')}">
<label for="account">支付宝账户（昵称）</label><input id="account" name="account" value="沙箱收款人" maxlength="30" required>
<button type="submit">同意授权</button></form>`,
      );
    });

    app.post(SANDBOX_AUTHORIZE, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const account = (typeof body.account === 'string' ? body.account : '').trim().slice(0, 30);
      if (!account || typeof body.redirect_uri !== 'string' || !body.redirect_uri) {
        return sendPage(reply, 400, '授权参数错误', '<p class="error">账户或回调地址有误。</p>');
      }
      const target = redirectTarget(request, body.redirect_uri);
      if (!target) return foreignRedirect(reply);
      target.searchParams.set('app_id', keys.appId);
      target.searchParams.set('auth_code', issueCode(account));
      target.searchParams.set('state', typeof body.state === 'string' ? body.state : '');
      return reply.redirect(target.href, 302);
    });
  };

  return { register, deliverDue };
};

import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SmsDeliveryError, type SmsFailure, type SmsMessage, type SmsSender } from './sms.ts';

/**
 * Aliyun SMS (短信服务, dysmsapi 2017-05-25) as this server uses it: one `SendSms` call per message, an RPC-style
 * request signed with the AccessKey (signature version 1.0, HMAC-SHA1 over the sorted, percent-encoded parameters),
 * an approved signature (SignName) and an approved template with its parameters as JSON. The answer is JSON with
 * `Code: "OK"`, or an error code (`isv.BUSINESS_LIMIT_CONTROL` when Aliyun's own per-phone flow control refuses).
 */

export const ALIYUN_SMS_VERSION = '2017-05-25';

/** Aliyun's limit on one template variable's length (variables of the "other" kind). */
export const ALIYUN_PARAM_MAX_CHARS = 35;

/** Percent-encoding as Aliyun's POP signature defines it: RFC 3986, so `!'()*` are encoded and `~` is not. */
export const popEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The sorted, encoded query the signature covers (the Signature parameter itself excluded). */
export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${popEncode(key)}=${popEncode(params[key] ?? '')}`)
    .join('&');

/** Signature version 1.0: base64 HMAC-SHA1 of `METHOD&%2F&encoded(query)` keyed with `secret&`. */
export const aliyunSignature = (params: Record<string, string>, secret: string, method: 'GET' | 'POST' = 'POST') =>
  createHmac('sha1', `${secret}&`)
    .update(`${method}&${popEncode('/')}&${popEncode(canonicalQuery(params))}`)
    .digest('base64');

/** Aliyun's UTC timestamp form, to the second: 2017-07-12T02:42:19Z. */
export const aliyunTimestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** Error codes that mean the phone, not the service, is the problem. */
const FAILURE_BY_CODE: Record<string, SmsFailure> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rate_limited',
  'isv.DAY_LIMIT_CONTROL': 'rate_limited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'bad_phone',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'bad_phone',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'bad_phone',
};

export type AliyunTemplates = Record<SmsMessage['kind'], string>;

/** A template's parameters, each within Aliyun's length limit. */
export const templateParams = (message: SmsMessage): Record<string, string> => {
  const clip = (value: string) =>
    [...value].length > ALIYUN_PARAM_MAX_CHARS ? `${[...value].slice(0, ALIYUN_PARAM_MAX_CHARS - 1).join('')}…` : value;
  switch (message.kind) {
    case 'code':
      return { code: message.code };
    case 'registration_approved':
      return { userName: clip(message.userName) };
    case 'registration_rejected':
      return { reason: clip(message.reason) };
  }
};

export interface AliyunSmsOptions {
  /** https://dysmsapi.aliyuncs.com/, or a sandbox speaking the same protocol. */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: AliyunTemplates;
  log: FastifyBaseLogger;
  /** How long one call may take before it counts as unavailable. */
  timeoutMs?: number;
  now?: () => Date;
}

/** The SendSms request's parameters, signed. */
export const signedSendSms = (options: AliyunSmsOptions, phone: string, message: SmsMessage, nonce = randomUUID()) => {
  const params: Record<string, string> = {
    AccessKeyId: options.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    RegionId: 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    Timestamp: aliyunTimestamp(options.now?.() ?? new Date()),
    Version: ALIYUN_SMS_VERSION,
    PhoneNumbers: phone,
    SignName: options.signName,
    TemplateCode: options.templates[message.kind],
    TemplateParam: JSON.stringify(templateParams(message)),
  };
  return { ...params, Signature: aliyunSignature(params, options.accessKeySecret) };
};

export const createAliyunSmsSender = (options: AliyunSmsOptions): SmsSender => ({
  send: async (phone, message) => {
    const body = new URLSearchParams(signedSendSms(options, phone, message));
    let answer: { Code?: unknown; Message?: unknown; RequestId?: unknown; BizId?: unknown };
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      options.log.error({ err: error, phone }, 'Aliyun SMS unreachable');
      throw new SmsDeliveryError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const code = typeof answer?.Code === 'string' ? answer.Code : 'NO_CODE';
    if (code === 'OK') {
      options.log.info({ phone, kind: message.kind, bizId: answer.BizId }, 'sms sent (Aliyun)');
      return;
    }
    const failure = FAILURE_BY_CODE[code] ?? 'unavailable';
    // A refusal of the account's own set-up (signature, template, key) is the operator's to fix: logged as an error.
    options.log[failure === 'unavailable' ? 'error' : 'warn'](
      { phone, kind: message.kind, code, message: answer?.Message, requestId: answer?.RequestId },
      'Aliyun SMS refused the message',
    );
    throw new SmsDeliveryError(failure, `${code}: ${String(answer?.Message ?? '')}`);
  },
});

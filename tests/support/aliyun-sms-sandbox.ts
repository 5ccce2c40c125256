import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Aliyun SMS (dysmsapi.aliyuncs.com, SendSms 2017-05-25) that checks requests the way Aliyun
 * documents them: the common parameters, the AccessKey, signature version 1.0 (HMAC-SHA1 over the sorted,
 * percent-encoded parameters, computed here on its own, not with the product's code), a timestamp within 15 minutes,
 * a nonce used once, an approved signature and template whose variables are all given, a mainland mobile number.
 * Answers are Aliyun's JSON: `{Code: "OK", BizId, RequestId, Message}` or its error codes (HTTP 400/404 for request
 * errors, 200 with `isv.*` codes for refusals). Delivered messages are kept with their text as the phone shows it.
 */

export interface SandboxTemplate {
  /** The approved wording with `${name}` variables. */
  content: string;
}

export interface DeliveredSms {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  /** What the phone shows: 【signature】 then the template filled in. */
  text: string;
}

const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const signatureOf = (method: string, params: Record<string, string>, secret: string) => {
  const query = Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key]!)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&%2F&${encode(query)}`)
    .digest('base64');
};

const COMMON = [
  'AccessKeyId',
  'Action',
  'Format',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
  'Signature',
];

export const startAliyunSmsSandbox = async (setup: {
  accessKeys: Record<string, string>;
  signNames: string[];
  templates: Record<string, SandboxTemplate>;
}) => {
  const delivered: DeliveredSms[] = [];
  const nonces = new Set<string>();
  /** Refusals to give to the next requests, in order (an Aliyun error code each). */
  const refusals: string[] = [];
  let requests = 0;
  let serial = 0;

  const answer = (res: ServerResponse, status: number, body: Record<string, string>) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ RequestId: `SANDBOX-${++serial}`, ...body }));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    requests++;
    const method = req.method ?? 'GET';
    const params = Object.fromEntries(
      new URLSearchParams(method === 'POST' ? raw : ((req.url ?? '').split('?')[1] ?? '')),
    ) as Record<string, string>;
    const missing = COMMON.find((key) => !params[key]);
    if (missing)
      return answer(res, 400, { Code: 'MissingParameter', Message: `${missing} is mandatory for this action.` });
    const secret = setup.accessKeys[params.AccessKeyId!];
    if (secret === undefined)
      return answer(res, 404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return answer(res, 400, { Code: 'InvalidParameter', Message: 'Unsupported signature method or version.' });
    }
    if (params.Signature !== signatureOf(method, params, secret)) {
      return answer(res, 400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      });
    }
    const at = Date.parse(params.Timestamp!);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp!) || Number.isNaN(at)) {
      return answer(res, 400, {
        Code: 'InvalidTimeStamp.Format',
        Message: 'Specified time stamp does not meet the specified format.',
      });
    }
    if (Math.abs(Date.now() - at) > 15 * 60_000) {
      return answer(res, 400, {
        Code: 'InvalidTimeStamp.Expired',
        Message: 'Specified time stamp or date value is expired.',
      });
    }
    if (nonces.has(params.SignatureNonce!)) {
      return answer(res, 400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    }
    nonces.add(params.SignatureNonce!);
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
      return answer(res, 404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
    }
    const refusal = refusals.shift();
    if (refusal) return answer(res, 200, { Code: refusal, Message: `sandbox refusal ${refusal}` });
    const phone = params.PhoneNumbers ?? '';
    if (!/^1[3-9]\d{9}$/.test(phone))
      return answer(res, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    if (!setup.signNames.includes(params.SignName ?? '')) {
      return answer(res, 200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
    }
    const template = setup.templates[params.TemplateCode ?? ''];
    if (!template) return answer(res, 200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
    let values: Record<string, unknown>;
    try {
      values = JSON.parse(params.TemplateParam ?? '{}') as Record<string, unknown>;
    } catch {
      return answer(res, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    const variables = [...template.content.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);
    if (variables.some((name) => typeof values[name] !== 'string' || !(values[name] as string))) {
      return answer(res, 200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板缺少变量' });
    }
    if (variables.some((name) => [...(values[name] as string)].length > 35)) {
      return answer(res, 200, { Code: 'isv.PARAM_LENGTH_LIMIT', Message: '参数超出长度限制' });
    }
    const text = `【${params.SignName}】${template.content.replace(/\$\{(\w+)\}/g, (_, name: string) => values[name] as string)}`;
    delivered.push({
      phone,
      signName: params.SignName!,
      templateCode: params.TemplateCode!,
      params: values as Record<string, string>,
      text,
    });
    return answer(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^${serial}` });
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    delivered,
    /** Requests seen, answered or refused. */
    requests: () => requests,
    refuseNext: (code: string) => {
      refusals.push(code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

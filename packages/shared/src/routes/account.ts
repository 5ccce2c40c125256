import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const encryptedPassword = z.string().min(1, '请输入密码').max(512);

export const changePassword = defineRoute({
  method: 'POST',
  path: '/api/open/center/changePassword',
  summary: '修改登录密码（需原密码；成功后其他设备的会话全部失效）',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({ oldPassword: encryptedPassword, newPassword: encryptedPassword }),
  example: { body: { oldPassword: 'U2FsdGVkX1+old', newPassword: 'U2FsdGVkX1+new' } },
  response: z.null(),
});

const phone = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, MESSAGES.account.phoneInvalid);

export const confirmPhoneRand = defineRoute({
  method: 'GET',
  path: '/api/open/center/confirmPhoneRand',
  summary: '向新手机号发送短信验证码（5 分钟有效，60 秒内只能发送一次）',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 5, timeWindowMs: 60_000 },
  query: z.object({ phone }),
  example: { query: { phone: '13700001234' } },
  response: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
});

export const sendPhoneAfterVerify = defineRoute({
  method: 'PUT',
  path: '/api/open/center/sendPhoneAfterVerify',
  summary: '以短信验证码确认并更换手机号（查询参数为新手机号，请求体为验证码）',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  query: z.object({ phone }),
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, '验证码为 6 位数字'),
  }),
  example: { query: { phone: '13700001234' }, body: { code: '123456' } },
  response: z.object({ phone: z.string() }),
});

export const weChatWebUnBind = defineRoute({
  method: 'GET',
  path: '/api/open/center/weChatWebUnBind',
  summary: '解除微信绑定',
  tag: '账号安全',
  access: 'user',
  response: z.null(),
});

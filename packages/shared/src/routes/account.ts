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

export const weChatBindInfo = defineRoute({
  method: 'GET',
  path: '/api/open/center/weChatBindInfo',
  summary: '微信绑定状态：是否绑定、微信昵称、绑定时间',
  tag: '账号安全',
  access: 'user',
  response: z.object({
    bound: z.boolean(),
    nickname: z.string().nullable(),
    boundAt: z.string().nullable(),
    /** sandbox: the built-in WeChat sandbox (test deployments); wechat: the WeChat open platform. */
    provider: z.enum(['sandbox', 'wechat']),
  }),
});

const roleRef = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const weChatWebBind = defineRoute({
  method: 'POST',
  path: '/api/open/center/weChatWebBind',
  summary:
    '开始绑定微信：返回微信扫码授权地址（state 与本会话绑定，10 分钟内有效且只能使用一次）；授权后微信回到本站的回调地址完成绑定，再回到安全设置页',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({ roleTypeId: roleRef, roleId: roleRef }),
  example: { body: { roleTypeId: 1, roleId: 1 } },
  response: z.object({ authorizeUrl: z.string() }),
});

import { isValidIdCard } from '../../idcard.ts';
import { MESSAGES } from '../../messages.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';

const MY = '/es/resource/my';

export const VERIFICATION_STATUS = {
  NONE: '未认证',
  PENDING: '审核中',
  APPROVED: '已认证',
  REJECTED: '未通过',
} as const;

/** 2–20 Chinese characters; the middle dot of minority names (阿卜杜·热合曼) may appear inside. */
export const REAL_NAME_PATTERN = /^[\u4e00-\u9fff][\u4e00-\u9fff·]{0,18}[\u4e00-\u9fff]$/;

/** A pay password is exactly six digits. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;

const encrypted = (missing: string) => z.string({ error: missing }).min(1, missing).max(512, missing);
const fileId = (missing: string) => z.string({ error: missing }).regex(/^[a-z2-7]{26}$/, missing);

export const verificationInfo = z.object({
  status: z.enum(['NONE', 'PENDING', 'APPROVED', 'REJECTED']),
  realName: z.string().nullable().describe('脱敏姓名，如 李*国'),
  idCard: z.string().nullable().describe('脱敏身份证号，如 1101**********1234'),
  reviewNote: z.string().nullable().describe('驳回原因'),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  canSubmit: z.boolean().describe('现在能否提交（未认证或被驳回时可以）'),
});
export type VerificationInfo = z.infer<typeof verificationInfo>;

export const payPasswordStatus = z.object({ payPasswordSet: z.boolean(), locked: z.boolean() });

export const verifyAccountInfo = defineRoute({
  method: 'GET',
  path: `${MY}/verifyAccount/info`,
  summary:
    '实名认证状态：最近一次申请的状态（NONE 未提交、PENDING 审核中、APPROVED 已认证、REJECTED 未通过）与驳回原因',
  tag: '实名认证',
  access: 'user',
  response: verificationInfo,
});

export const verifyAccountUpload = defineRoute({
  method: 'POST',
  path: `${MY}/verifyAccount/upload`,
  summary:
    '提交实名认证：真实姓名、18 位身份证号、身份证人像面与国徽面照片（本人上传的图片文件 id）；同一时间只能有一个待审核的申请，被驳回后可重新提交',
  tag: '实名认证',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    realName: z
      .string({ error: '请输入真实姓名' })
      .trim()
      .regex(REAL_NAME_PATTERN, '真实姓名须为 2-20 个汉字（少数民族姓名可含“·”）'),
    idCard: z
      .string({ error: '请输入身份证号' })
      .trim()
      .toUpperCase()
      .refine(isValidIdCard, '请输入正确的 18 位身份证号'),
    frontFileId: fileId('请上传身份证人像面照片'),
    backFileId: fileId('请上传身份证国徽面照片'),
  }),
  example: {
    body: {
      realName: '李建国',
      idCard: '11010519491231002X',
      frontFileId: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
      backFileId: 'bbbbbbbbbbbbbbbbbbbbbbbbbb',
    },
  },
  response: verificationInfo,
});

export const verifyAccountChangePassword = defineRoute({
  method: 'POST',
  path: `${MY}/verifyAccount/changePassword`,
  summary:
    '设置或修改支付密码：需登录密码；支付密码为 6 位数字，不能全部相同或连续（如 123456）。两者都用登录密码相同的方式加密后发送；成功后解除支付密码锁定',
  tag: '实名认证',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    loginPassword: encrypted('请输入登录密码'),
    payPassword: encrypted('请输入支付密码'),
  }),
  example: { body: { loginPassword: 'U2FsdGVkX1+login', payPassword: 'U2FsdGVkX1+pay' } },
  response: payPasswordStatus,
});

export const verifyAccountChangePhone = defineRoute({
  method: 'POST',
  path: `${MY}/verifyAccount/changePhone`,
  summary:
    '更换绑定手机号：先用 /api/open/center/confirmPhoneRand 向新手机号发送验证码，再提交新手机号与 6 位验证码（5 分钟有效，只能用一次）',
  tag: '实名认证',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    phone: z
      .string({ error: MESSAGES.account.phoneInvalid })
      .trim()
      .regex(/^1[3-9]\d{9}$/, MESSAGES.account.phoneInvalid),
    code: z
      .string({ error: '请输入验证码' })
      .trim()
      .regex(/^\d{6}$/, '验证码为 6 位数字'),
  }),
  example: { body: { phone: '13700001234', code: '123456' } },
  response: z.object({ phone: z.string() }),
});

export const payPasswordCheck = defineRoute({
  method: 'POST',
  path: `${MY}/password/check`,
  summary:
    '校验支付密码（加密后发送）：连续错误 5 次锁定 15 分钟，正确后清零；通过时发给 5 分钟内有效的 payToken，余额支付与提现凭它进行',
  tag: '实名认证',
  access: 'user',
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  body: z.object({ password: encrypted('请输入支付密码') }),
  example: { body: { password: 'U2FsdGVkX1+pay' } },
  response: z.object({ valid: z.literal(true), payToken: z.string(), expiresInSeconds: z.number().int() }),
});

export const payPasswordStatusRoute = defineRoute({
  method: 'GET',
  path: `${MY}/payPassword/status`,
  summary: '支付密码状态：是否已设置、是否因错误次数过多被锁定',
  tag: '实名认证',
  access: 'user',
  response: payPasswordStatus,
});

import { isValidIdCard } from '../idcard.ts';
import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { captchaAnswer } from './auth.ts';
import { defineRoute } from './define.ts';

/**
 * The account site's registration and password recovery (public). Passwords travel AES-encrypted with the
 * deployment's transport key, as at login; every SMS code is sent only after a solved slider puzzle.
 */

const TAG = '注册与找回密码';

export const REGISTRATION_POLICIES = ['open', 'approval', 'roster'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

const phone = z
  .string({ error: MESSAGES.account.phoneInvalid })
  .trim()
  .regex(/^1[3-9]\d{9}$/, MESSAGES.account.phoneInvalid);
const smsCode = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');
const encryptedPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(512);
const id = z.coerce.number({ error: '编号必须是数字' }).int().positive().max(2_147_483_647);

/** User names: a letter first, then 3-32 letters, digits, `_`, `.` or `-` (as in the roster). */
export const USER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

export const registerOptions = defineRoute({
  method: 'GET',
  path: '/api/open/register/options',
  summary: '注册表单的选项：本区的注册方式、可选学校（不含已停用的）、学段与学科',
  tag: TAG,
  access: 'public',
  response: z.object({
    /** open: 注册即可使用；approval: 由所选学校的管理员审核；roster: 仅限本区教师名单内的教师. */
    policy: z.enum(REGISTRATION_POLICIES),
    schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
    stages: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
      }),
    ),
  }),
});
export type RegisterOptions = z.infer<typeof registerOptions.response>;

const smsAnswer = z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() });

export const registerSendCode = defineRoute({
  method: 'POST',
  path: '/api/open/register/sendCode',
  summary: '注册：完成滑块验证后向手机号发送短信验证码（5 分钟有效，60 秒内只能发送一次，每天至多 10 条）',
  tag: TAG,
  access: 'public',
  rateLimit: { max: 5, timeWindowMs: 60_000 },
  body: z.object({ phone, verifyImageResult: captchaAnswer }),
  example: { body: { phone: '13700009876', verifyImageResult: { captchaSerialNumber: 'demo', moveEnd_X: 120 } } },
  response: smsAnswer,
});

export const register = defineRoute({
  method: 'POST',
  path: '/api/open/register',
  summary:
    '注册：真实姓名、用户名、手机号与验证码、密码（8-32 位，含字母和数字）、身份证号（可选）、学校、学段与学科。注册方式为 open 或 roster 时直接登录；approval 时等待学校管理员审核',
  tag: TAG,
  access: 'public',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({
    realName: z
      .string({ error: MESSAGES.registration.realNameInvalid })
      .trim()
      .min(2, MESSAGES.registration.realNameInvalid)
      .max(30, MESSAGES.registration.realNameInvalid),
    userName: z
      .string({ error: MESSAGES.registration.userNameInvalid })
      .trim()
      .regex(USER_NAME_PATTERN, MESSAGES.registration.userNameInvalid),
    phone,
    code: smsCode,
    password: encryptedPassword,
    idCard: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || isValidIdCard(v), MESSAGES.registration.idCardInvalid)
      .default(''),
    schoolId: id,
    stageId: id,
    subjectId: id,
  }),
  example: {
    body: {
      realName: '孙晓燕',
      userName: 'sunxy',
      phone: '13700009876',
      code: '123456',
      password: 'U2FsdGVkX1+new',
      idCard: '',
      schoolId: 2,
      stageId: 1,
      subjectId: 2,
    },
  },
  response: z.object({
    /** ACTIVE: registered and logged in; PENDING: waiting for the school administrator. */
    status: z.enum(['ACTIVE', 'PENDING']),
    memberId: z.string(),
  }),
});

const account = z
  .string({ error: MESSAGES.registration.accountRequired })
  .trim()
  .min(1, MESSAGES.registration.accountRequired)
  .max(64, MESSAGES.registration.accountRequired);

export const forgotPasswordSendCode = defineRoute({
  method: 'POST',
  path: '/api/open/password/sendCode',
  summary:
    '找回密码第一步：以用户名、手机号或身份证号与滑块验证，向账号绑定的手机发送验证码；data 给出打码的手机号（账号是否存在，回答的形式都相同）',
  tag: TAG,
  access: 'public',
  rateLimit: { max: 5, timeWindowMs: 60_000 },
  body: z.object({ account, verifyImageResult: captchaAnswer }),
  example: { body: { account: 'lijg', verifyImageResult: { captchaSerialNumber: 'demo', moveEnd_X: 120 } } },
  response: smsAnswer.extend({ maskedPhone: z.string() }),
});

export const forgotPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/open/password/reset',
  summary: '找回密码第二步：短信验证码与新密码（8-32 位，含字母和数字）；成功后该账号在所有设备上退出登录',
  tag: TAG,
  access: 'public',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  body: z.object({ account, code: smsCode, password: encryptedPassword }),
  example: { body: { account: 'lijg', code: '123456', password: 'U2FsdGVkX1+new' } },
  response: z.null(),
});

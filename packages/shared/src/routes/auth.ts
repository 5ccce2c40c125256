import { CAPTCHA_WBILI } from '../constants.ts';
import { pageOf, pageQuery } from '../envelope.ts';
import { MESSAGES } from '../messages.ts';
import { z } from '../zod.ts';
import { defineRoute } from './define.ts';

const serial = z.string({ error: MESSAGES.login.sliderRequired }).trim().min(1, MESSAGES.login.sliderRequired).max(64);
const moveEndX = z.coerce.number({ error: MESSAGES.login.sliderRequired }).finite().min(0).max(10_000);
const wbili = z.coerce.number().positive().max(10).default(CAPTCHA_WBILI);

export const captchaAnswer = z.object(
  { captchaSerialNumber: serial, moveEnd_X: moveEndX, wbili },
  { error: MESSAGES.login.sliderRequired },
);

/** A point of the drag as the page saw it: [x, y] in CSS pixels from where the drag began, t in ms since then. */
const trackPoint = z.tuple([
  z.number().finite().min(-10_000).max(10_000),
  z.number().finite().min(-10_000).max(10_000),
  z.number().finite().min(0).max(600_000),
]);

/**
 * A drop to check: the answer, the drag that led to it (absent when the handle was moved with the keyboard) and the
 * proof of work for the puzzle. A drop without them, or with a drag no hand makes, counts as a miss.
 */
export const captchaDrop = captchaAnswer.extend({
  track: z.array(trackPoint, { error: MESSAGES.captcha.failed }).max(1_000, MESSAGES.captcha.failed).optional(),
  nonce: z.string({ error: MESSAGES.captcha.failed }).max(32, MESSAGES.captcha.failed).optional(),
});

export const clientConfig = defineRoute({
  method: 'GET',
  path: '/api/open/client/config',
  summary: '前端运行配置：密码传输密钥、认证站点地址等（部署时可改，无需重新构建前端）',
  tag: '登录',
  access: 'public',
  response: z.object({
    transportKey: z.string(),
    authSiteUrl: z.string(),
    previewHost: z.string(),
    /** Payments go to the built-in sandbox (no real money): the pay page and orders say so. */
    paymentSandbox: z.boolean(),
  }),
});

export const getImgSwipe = defineRoute({
  method: 'GET',
  path: '/api/login/getImgSwipe',
  summary: '获取滑块拼图：背景图（含缺口）、拼图块、拼图块纵坐标与验证序列号；约 2 分钟内有效，只能使用一次',
  tag: '登录',
  access: 'public',
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  response: z.object({
    srcImage: z.string().describe('背景图，data:image/png;base64'),
    cutImage: z.string().describe('拼图块，data:image/png;base64'),
    yposition: z.number().int(),
    captchaSerialNumber: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
});

export const rstImgSwipe = defineRoute({
  method: 'POST',
  path: '/api/login/rstImgSwipe',
  summary:
    '校验滑块位置：附拖动轨迹 track（[x, y, 毫秒]，键盘操作时省略）与工作量证明 nonce；data 为 1 成功；0 失败（可重试同一拼图）；2 拼图已失效或失败次数过多（需重新获取）',
  tag: '登录',
  access: 'public',
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  body: captchaDrop,
  example: {
    body: {
      captchaSerialNumber: 'demo',
      moveEnd_X: 120,
      wbili: 1,
      track: [
        [0, 0, 0],
        [14, 1, 60],
        [62, 2, 160],
        [110, 1, 280],
        [124, -1, 390],
        [120, 0, 470],
      ],
      nonce: '20817',
    },
  },
  response: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

export const newLogin = defineRoute({
  method: 'POST',
  path: '/api/newLogin',
  summary: '登录：用户名、手机号或身份证号 + 加密密码 + 已通过的滑块验证；成功设置会话 Cookie，data 为会员号',
  tag: '登录',
  access: 'public',
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  body: z.object({
    username: z.string({ error: MESSAGES.login.accountRequired }).trim().min(1, MESSAGES.login.accountRequired).max(64),
    password: z.string({ error: MESSAGES.login.passwordRequired }).min(1, MESSAGES.login.passwordRequired).max(512),
    verifyImageResult: captchaAnswer,
  }),
  example: {
    body: {
      username: 'zhangxm',
      password: 'U2FsdGVkX1+example',
      verifyImageResult: { captchaSerialNumber: 'demo', moveEnd_X: 120, wbili: 1 },
    },
  },
  response: z.string().describe('会员号 memberId'),
});

export const alreadyLogin = defineRoute({
  method: 'GET',
  path: '/api/open/already/login',
  summary: '当前会话是否已登录',
  tag: '登录',
  access: 'public',
  response: z.boolean(),
});

export const logout = defineRoute({
  method: 'GET',
  path: '/api/newLogin/quit',
  summary: '退出登录：删除服务端会话并清除 Cookie',
  tag: '登录',
  access: 'public',
  response: z.null(),
});

/** What a user agent says about the device, as the security page shows it. */
const device = z.object({
  browser: z.string().describe('浏览器及版本，如 Chrome 126'),
  os: z.string().describe('操作系统，如 Windows 10、iOS 17.5'),
  type: z.enum(['desktop', 'mobile', 'tablet']),
});

export const activeSession = z.object({
  id: z.string().describe('会话的对外编号（不能当作 Cookie 使用）'),
  current: z.boolean().describe('是否为发起本请求的设备（本机）'),
  device,
  ip: z.string().nullable(),
  createdAt: z.string().describe('登录时间'),
  lastSeenAt: z.string().describe('最近活动时间'),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const listSessions = defineRoute({
  method: 'GET',
  path: '/api/open/center/sessions',
  summary: '当前账号的登录设备（有效会话），本机在前，其余按最近活动时间排列',
  tag: '账号安全',
  access: 'user',
  response: z.array(activeSession),
});

export const endSession = defineRoute({
  method: 'POST',
  path: '/api/open/center/sessions/end',
  summary: '让自己的某个登录设备退出登录（本机请用退出登录）',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  body: z.object({
    id: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{32}$/, '登录设备编号无效'),
  }),
  example: { body: { id: '0123456789abcdef0123456789abcdef' } },
  response: z.null(),
});

export const endOtherSessions = defineRoute({
  method: 'POST',
  path: '/api/open/center/sessions/endOthers',
  summary: '退出除本机以外的所有设备，data 为退出的设备数',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  response: z.object({ ended: z.number().int() }),
});

export const loginEvent = z.object({
  id: z.number().int(),
  time: z.string(),
  ip: z.string().nullable(),
  device,
  success: z.boolean(),
  /** Why a failed attempt failed: 密码错误 / 账号已锁定 / 账号已停用. */
  reason: z.string().nullable(),
});
export type LoginEventEntry = z.infer<typeof loginEvent>;

export const loginHistory = defineRoute({
  method: 'GET',
  path: '/api/open/center/loginHistory',
  summary: '近 30 天的登录记录（成功与失败），新的在前，分页',
  tag: '账号安全',
  access: 'user',
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  query: pageQuery(10, 50),
  example: { query: { current: 1, size: 10 } },
  response: pageOf(loginEvent),
});

/**
 * The spec's user-facing messages (SPEC.md §5, §8), shown verbatim. The api's validation handler passes these
 * through without naming the field, so a form shows exactly the spec's sentence.
 */
export const MESSAGES = {
  login: {
    accountRequired: '请输入账号信息！',
    passwordRequired: '请输入密码！',
    sliderRequired: '请拖动滑块完成验证',
    badCredentials: '账号或密码错误',
    accountDisabled: '账号已停用，请联系管理员',
    locked: '登录失败次数过多，请 15 分钟后再试',
    captchaInvalid: '滑块验证已失效，请重新验证',
    success: '登录成功',
  },
  captcha: {
    failed: '验证失败',
    tooMany: '验证失败次数过多，请稍后再试',
  },
  account: {
    oldPasswordWrong: '原密码错误',
    passwordWeak: '新密码须为 8-32 位，且同时包含字母和数字',
    passwordSameAsOld: '新密码不能与原密码相同',
    passwordChanged: '密码已修改，其他设备已退出登录',
    phoneInvalid: '请输入正确的手机号',
    phoneTaken: '该手机号已被其他账号使用',
    phoneSame: '新手机号与当前手机号相同',
    smsTooFrequent: '验证码发送过于频繁，请稍后再试',
    smsInvalid: '验证码错误或已失效',
    smsSent: '验证码已发送',
    wechatNotBound: '当前账号未绑定微信',
  },
} as const;

const flatten = (node: object): string[] =>
  Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : flatten(v as object)));

const CATALOGUE = new Set(flatten(MESSAGES));

/** True for a message of the spec's catalogue: shown as it is, without a field prefix. */
export const isCatalogueMessage = (msg: string) => CATALOGUE.has(msg);

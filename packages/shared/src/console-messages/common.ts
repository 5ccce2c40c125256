/** Sentences every part of the administration console shares. */
export const CONSOLE_COMMON_MESSAGES = {
  permissionDenied: '没有进行此操作的权限',
  outOfScope: '只能管理本人负责范围内的数据',
  passwordRequired: '此操作需要再次输入登录密码',
  passwordWrong: '登录密码不正确',
} as const;

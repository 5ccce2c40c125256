/**
 * Addresses on the separate authentication site ("External navigation"). Its base comes from the
 * client config (`authSiteUrl`, default `/auth` on the same origin); the paths are this product's convention.
 */
export const AUTH_PATHS = {
  personalCenter: '/personalCenter',
  securitySettings: '/securitySettings',
  trainingCenter: '/trainingCenter',
  register: '/register',
  forgotPassword: '/forgetPassword',
} as const;

const join = (base: string, path: string, params: Record<string, string | number | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
};

export const authLinks = {
  /** 个人中心, for this member. */
  personalCenter: (base: string, memberId: string | null) => join(base, AUTH_PATHS.personalCenter, { memberId }),
  /** 安全设置, for the user's role. */
  securitySettings: (base: string, roleTypeId: number | null, roleId: number | null) =>
    join(base, AUTH_PATHS.securitySettings, { roleTypeId, roleId }),
  /** 研修中心 (training centre), for this member. */
  trainingCenter: (base: string, memberId: string | null) => join(base, AUTH_PATHS.trainingCenter, { memberId }),
  /** 注册; the auth site comes back to `toUrl` (the current address) when done. */
  register: (base: string, toUrl: string) => join(base, AUTH_PATHS.register, { toUrl }),
  /** 忘记密码, coming back to `toUrl`. */
  forgotPassword: (base: string, toUrl: string) => join(base, AUTH_PATHS.forgotPassword, { toUrl }),
};

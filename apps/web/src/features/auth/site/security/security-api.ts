import { queryOptions } from '@tanstack/react-query';
import { type DataOf, routes } from '@zyk/shared';
import { api } from '../../../../lib/api.ts';
import { unwrap } from '../../../../lib/api-result.ts';

export type ActiveSession = DataOf<typeof routes.listSessions>[number];
export type LoginHistoryPage = DataOf<typeof routes.loginHistory>;
export type WechatStatus = DataOf<typeof routes.weChatBindInfo>;

export const HISTORY_PAGE_SIZE = 10;

const keys = {
  all: ['auth', 'security'] as const,
  profile: () => [...keys.all, 'profile'] as const,
  wechat: () => [...keys.all, 'wechat'] as const,
  sessions: () => [...keys.all, 'sessions'] as const,
  history: (page: number) => [...keys.all, 'history', page] as const,
};
export const securityKeys = keys;

/** The masked phone of the account (from the personal centre info). */
export const profileQuery = queryOptions({
  queryKey: keys.profile(),
  queryFn: async () => unwrap(await api(routes.getCenterInfo, { query: {} })),
});

export const wechatQuery = queryOptions({
  queryKey: keys.wechat(),
  queryFn: async () => unwrap(await api(routes.weChatBindInfo)),
});

export const sessionsQuery = queryOptions({
  queryKey: keys.sessions(),
  queryFn: async () => unwrap(await api(routes.listSessions)),
});

export const historyQuery = (page: number) =>
  queryOptions({
    queryKey: keys.history(page),
    queryFn: async () => unwrap(await api(routes.loginHistory, { query: { current: page, size: HISTORY_PAGE_SIZE } })),
  });

export const changePassword = async (oldPassword: string, newPassword: string) =>
  unwrap(await api(routes.changePassword, { body: { oldPassword, newPassword } }));

export const sendPhoneCode = async (phone: string) => unwrap(await api(routes.confirmPhoneRand, { query: { phone } }));

export const confirmPhone = async (phone: string, code: string) =>
  unwrap(await api(routes.sendPhoneAfterVerify, { query: { phone }, body: { code } }));

export const startWechatBind = async (roleTypeId?: number, roleId?: number) =>
  unwrap(
    await api(routes.weChatWebBind, {
      body: roleTypeId !== undefined && roleId !== undefined ? { roleTypeId, roleId } : {},
    }),
  );

export const unbindWechat = async () => unwrap(await api(routes.weChatWebUnBind));

export const endSession = async (id: string) => unwrap(await api(routes.endSession, { body: { id } }));

export const endOtherSessions = async () => unwrap(await api(routes.endOtherSessions));

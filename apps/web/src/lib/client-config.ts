import { queryOptions } from '@tanstack/react-query';
import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { authKeys } from './auth-keys.ts';

export interface ClientConfig {
  transportKey: string;
  authSiteUrl: string;
  previewHost: string;
}

/** Deployment settings the web reads at run time (transport key, auth site). Rejects when they cannot be had. */
export const getClientConfig = async (): Promise<ClientConfig> => {
  const res = await api(routes.clientConfig);
  if (res.code !== 0) throw new Error(res.msg || '无法读取站点配置，请稍后重试');
  return res.data;
};

/** They do not change while the page is open. */
export const clientConfigQuery = queryOptions({
  queryKey: authKeys.clientConfig(),
  queryFn: getClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

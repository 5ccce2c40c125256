import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAY_METHOD_LABELS, routes } from '@zyk/shared';
import { api } from './api.ts';

export interface ClientConfig {
  transportKey: string;
  authSiteUrl: string;
  previewHost: string;
  paymentSandbox: boolean;
}

/** Deployment settings the web reads at run time (transport key, auth site). Rejects when they cannot be had. */
export const getClientConfig = async (): Promise<ClientConfig> => {
  const res = await api(routes.clientConfig);
  if (res.code !== 0) throw new Error(res.msg || '无法读取站点配置，请稍后重试');
  return res.data;
};

/** They do not change while the page is open. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: getClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The deployment's run-time settings (auth site, transport key, payment sandbox). */
export const useClientConfig = (enabled = true) => useQuery({ ...clientConfigQuery, enabled });

/** Payment method names; Alipay is named as the sandbox when payments go to the built-in one (no real money). */
export const usePayMethodLabels = (): Record<keyof typeof PAY_METHOD_LABELS, string> => {
  const sandbox = useClientConfig().data?.paymentSandbox === true;
  return sandbox ? { ...PAY_METHOD_LABELS, ALIPAY: `${PAY_METHOD_LABELS.ALIPAY}（沙箱）` } : PAY_METHOD_LABELS;
};

import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { TouchSize } from '../components/touch-size.tsx';
import { queryClient } from './query-client.ts';
import { theme } from './theme.ts';

dayjs.locale('zh-cn');

export const AppProvider = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN} theme={theme}>
    <QueryClientProvider client={queryClient}>
      <TouchSize>{children}</TouchSize>
    </QueryClientProvider>
  </ConfigProvider>
);

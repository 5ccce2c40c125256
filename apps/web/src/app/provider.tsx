import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { TouchSize } from '../components/touch-size.tsx';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { queryClient } from './query-client.ts';
import { motionlessTheme, theme } from './theme.ts';

dayjs.locale('zh-cn');

/** antd's dialogs, drawers, menus and messages appear without sliding or zooming for people who ask for less motion. */
export const AppProvider = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN} theme={useReducedMotion() ? motionlessTheme : theme}>
    <QueryClientProvider client={queryClient}>
      <TouchSize>{children}</TouchSize>
    </QueryClientProvider>
  </ConfigProvider>
);

import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd puts a space between the two characters of a two-character button (通 过); the review pages' buttons keep
 * their words whole, as they are read out and searched for (通过, 驳回, 下架).
 */
export const NoSpaceButtons = ({ children }: { children: ReactNode }) => (
  <ConfigProvider button={{ autoInsertSpace: false }}>{children}</ConfigProvider>
);

import { ConfigProvider, Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * On phones (below antd's md breakpoint) the antd controls inside take their large size, so every button and input
 * is a 40 px touch target; desktop keeps the app's default size.
 */
export const TouchSize = ({ children }: { children: ReactNode }) => {
  const screens = Grid.useBreakpoint();
  // Before the first measurement `md` is undefined: render desktop, the layout effect corrects it before paint.
  return <ConfigProvider componentSize={screens.md === false ? 'large' : undefined}>{children}</ConfigProvider>;
};

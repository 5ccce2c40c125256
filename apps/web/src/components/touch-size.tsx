import { ConfigProvider, Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * On phones (below antd's md breakpoint) the antd controls inside take their large size, so every button and input
 * is a 40 px touch target; desktop keeps antd's default (middle) size.
 *
 * The size is always given, never left undefined: antd's ConfigProvider adds its size provider only when a size is
 * set, so switching between "none" and "large" would change the tree and remount everything inside, losing open
 * dialogs and half-filled forms whenever the window crossed the breakpoint (a tablet turned, a full-page capture).
 */
export const TouchSize = ({ children }: { children: ReactNode }) => {
  const screens = Grid.useBreakpoint();
  // Before the first measurement `md` is undefined: render desktop, the layout effect corrects it before paint.
  return <ConfigProvider componentSize={screens.md === false ? 'large' : 'middle'}>{children}</ConfigProvider>;
};

import { HOME_ENTRY_PATHS } from '@zyk/shared';
import { HomeFirstPaint } from '../../features/home/components/home-first-paint.tsx';

/** Shown while the first page's code loads; plain markup so it needs nothing that is still loading. */
const RoutePending = () => (
  <div className="zyk-boot" role="status" aria-live="polite">
    <div className="zyk-boot-spinner" aria-hidden />
    <div>正在加载…</div>
  </div>
);

/**
 * The first load's placeholder: the home page keeps showing its prerendered frame (home.html) until it is ready,
 * every other page a spinner.
 */
export const InitialPending = () =>
  HOME_ENTRY_PATHS.includes(window.location.pathname) ? <HomeFirstPaint /> : <RoutePending />;

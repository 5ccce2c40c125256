import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { BackToTop } from './back-to-top.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { CompactHeader } from './compact-header.tsx';
import styles from './shell-layout.module.css';
import { SiteFooter } from './site-footer.tsx';
import { TabBar } from './tab-bar.tsx';
import { TopBar } from './top-bar.tsx';

export interface ShellLayoutProps {
  /** The stage/subject selector, in the full and in the compact header. */
  renderSelector?: (variant: 'full' | 'compact') => ReactNode;
  /** Right end of the headers, in the full and in the compact header: login button or user menu. */
  renderActions?: (variant: 'full' | 'compact') => ReactNode;
  /** Right end of the tab bar: search box and upload button. */
  tabExtras?: ReactNode;
  /** Dialogs rendered once per page (the stage/subject picker, login, upload choice). */
  overlays?: ReactNode;
  /** A line above every page's content (the stage/subject offer of a first visit that began on a shared link). */
  notice?: ReactNode;
}

/**
 * The header: title bar and tab bar. Also drawn on its own, without the slots, as the home page's first paint
 * (features/home/components/home-first-paint.tsx).
 */
export const ShellHeader = ({
  selector,
  actions,
  tabExtras,
}: {
  selector?: ReactNode;
  actions?: ReactNode;
  tabExtras?: ReactNode;
}) => (
  <header className={styles.header}>
    <TopBar selector={selector} actions={actions} />
    <TabBar extras={tabExtras} />
  </header>
);

/** The public site's frame ("Shell"); features plug their pieces into the slots. */
export const ShellLayout = ({ renderSelector, renderActions, tabExtras, overlays, notice }: ShellLayoutProps) => {
  const scrolled = useScrolledPast();
  return (
    <div className={styles.shell}>
      <ShellHeader selector={renderSelector?.('full')} actions={renderActions?.('full')} tabExtras={tabExtras} />
      <CompactHeader visible={scrolled} selector={renderSelector?.('compact')} actions={renderActions?.('compact')} />
      <main className={styles.main}>
        <div className="zyk-container">
          <BreadcrumbBar />
          {notice}
        </div>
        <Outlet />
      </main>
      <SiteFooter />
      <BackToTop visible={scrolled} />
      {overlays}
    </div>
  );
};

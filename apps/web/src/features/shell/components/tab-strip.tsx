import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../../stores/session.ts';
import { useScrollEdges } from '../hooks/use-scroll-edges.ts';
import { TabLinks } from './tab-links.tsx';
import styles from './tab-strip.module.css';

/**
 * The tabs in one row that scrolls sideways where it does not fit (phones): a fade with an arrow marks each side
 * that hides tabs, and the current tab is scrolled into view. The parent sets the fade's colour through
 * --tab-strip-bg and the arrow's through --tab-strip-hint.
 */
export const TabStrip = ({
  className,
  tabClassName,
  activeClassName,
}: {
  className?: string;
  tabClassName: string;
  activeClassName: string;
}) => {
  const scroller = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  const edges = useScrollEdges(scroller, loggedIn);

  // Centres the current tab when it is out of view; no scrollIntoView, which would scroll the page too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current tab or the tab set changes
  useEffect(() => {
    const el = scroller.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !active || el.scrollWidth <= el.clientWidth) return;
    const start = active.offsetLeft;
    const end = start + active.offsetWidth;
    if (start >= el.scrollLeft && end <= el.scrollLeft + el.clientWidth) return;
    el.scrollLeft = start - (el.clientWidth - active.offsetWidth) / 2;
  }, [pathname, loggedIn]);

  return (
    <div
      className={className ? `${styles.strip} ${className}` : styles.strip}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
      data-testid="tab-strip"
    >
      <div ref={scroller} className={styles.scroller}>
        <TabLinks className={tabClassName} activeClassName={activeClassName} />
      </div>
      <span className={`${styles.hint} ${styles.before}`} aria-hidden>
        <LeftOutlined />
      </span>
      <span className={`${styles.hint} ${styles.after}`} aria-hidden>
        <RightOutlined />
      </span>
    </div>
  );
};

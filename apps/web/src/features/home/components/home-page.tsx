import type { ReactNode } from 'react';
import { useTotals } from '../hooks/use-home-data.ts';
import { HomeBanners } from './home-banners.tsx';
import { HomeHero } from './home-hero.tsx';
import styles from './home-page.module.css';
import { HomeResourceList } from './home-resource-list.tsx';
import { LatestSections } from './latest-sections.tsx';
import { MemberRankPanel, ResourceRankPanel } from './rank-panels.tsx';
import { TextbookSection } from './textbook-section.tsx';

/**
 * /home/index: the banner with the totals, the console's home banners when any are showing, the sections other
 * features hand in (the stage/subject panel), 按教材找资源, then the resource list with the rankings beside it, and the newest
 * of each type.
 */
export const HomePage = ({ children }: { children?: ReactNode }) => {
  const totals = useTotals().data;
  return (
    <div className={styles.page}>
      <HomeHero totals={totals} />
      <HomeBanners />
      <div className={`zyk-container ${styles.sections}`}>
        {children}
        <TextbookSection />
        <div className={styles.columns}>
          <div className={styles.main}>
            <HomeResourceList />
          </div>
          <aside className={styles.aside} aria-label="排行榜">
            <MemberRankPanel />
            <ResourceRankPanel />
          </aside>
        </div>
        <LatestSections />
      </div>
    </div>
  );
};

import shellStyles from '../../shell/components/shell-layout.module.css';
import { ShellHeader } from '../../shell/components/shell-layout.tsx';
import { HomeHero } from './home-hero.tsx';
import pageStyles from './home-page.module.css';

/**
 * What the home page looks like before its code and data arrive: the shell's header and the banner, in the same
 * boxes as the finished page so nothing moves when it replaces them. Prerendered into home.html at build time
 * (src/prerender/render-home.tsx) and shown while the first route loads.
 */
export const HomeFirstPaint = () => (
  <div className={shellStyles.shell}>
    <ShellHeader />
    <main className={shellStyles.main}>
      <div className="zyk-container" />
      <div className={pageStyles.page}>
        <HomeHero totals={undefined} />
      </div>
    </main>
  </div>
);

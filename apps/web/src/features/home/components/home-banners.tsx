import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import type { HomeBanner } from '@zyk/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { prefersReducedMotion } from '../../../lib/reduced-motion.ts';
import { useBanners } from '../hooks/use-home-data.ts';
import styles from './home-banners.module.css';

const ROTATE_MS = 6_000;

/** A banner's text, a link when it has one: a site path stays in the app, an address opens in a new tab. */
const BannerBody = ({ banner, hidden }: { banner: HomeBanner; hidden: boolean }) => {
  const text = (
    <>
      <span className={styles.title}>{banner.title}</span>
      {banner.subtitle && <span className={styles.subtitle}>{banner.subtitle}</span>}
    </>
  );
  const tabIndex = hidden ? -1 : undefined;
  if (!banner.linkUrl) return <div className={styles.body}>{text}</div>;
  if (banner.linkUrl.startsWith('/'))
    return (
      <Link to={banner.linkUrl} className={`${styles.body} ${styles.link}`} tabIndex={tabIndex}>
        {text}
        <RightOutlined className={styles.arrow} aria-hidden />
      </Link>
    );
  return (
    <a
      href={banner.linkUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`${styles.body} ${styles.link}`}
      tabIndex={tabIndex}
    >
      {text}
      <RightOutlined className={styles.arrow} aria-hidden />
    </a>
  );
};

/**
 * The home page's banners under the welcome hero: one at a time, turning every few seconds (not for people who ask
 * for reduced motion, and never while the pointer or focus is on it), with labelled previous/next, pause and
 * one button per banner. All banners share one box, so turning never moves the page. No banners: nothing at all.
 */
export const HomeBanners = () => {
  const banners = useBanners().data ?? [];
  if (banners.length === 0) return null;
  return (
    <div className="zyk-container">
      <BannerCarousel banners={banners} />
    </div>
  );
};

const BannerCarousel = ({ banners }: { banners: HomeBanner[] }) => {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(() => prefersReducedMotion());
  const [held, setHeld] = useState(false);
  const count = banners.length;
  const shown = index % count;
  const rotating = count > 1 && !paused && !held;

  useEffect(() => {
    if (!rotating) return;
    // Counted from the banner now showing: a turn by hand restarts the wait.
    const timer = window.setTimeout(() => setIndex((shown + 1) % count), ROTATE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, count, shown]);

  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="首页横幅"
      data-testid="home-banners"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
          <div
            key={banner.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`第 ${i + 1} 条，共 ${count} 条`}
            aria-hidden={i !== shown}
            data-current={i === shown || undefined}
          >
            <BannerBody banner={banner} hidden={i !== shown} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.control} aria-label="上一条横幅" onClick={() => go(shown - 1)}>
            <LeftOutlined aria-hidden />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={`第 ${i + 1} 条横幅：${banner.title}`}
                aria-current={i === shown ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <span aria-hidden />
              </button>
            ))}
          </div>
          <button type="button" className={styles.control} aria-label="下一条横幅" onClick={() => go(shown + 1)}>
            <RightOutlined aria-hidden />
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label={paused ? '继续轮播' : '暂停轮播'}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
          </button>
        </div>
      )}
    </section>
  );
};

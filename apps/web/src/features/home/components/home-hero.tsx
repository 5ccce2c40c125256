import { FileTextOutlined, PlayCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format.ts';
import { LIST_PATHS } from '../../../lib/resource-paths.ts';
import type { getTotals } from '../api/home-api.ts';
import styles from './home-hero.module.css';

const KINDS = [
  {
    key: 'microCourse',
    to: LIST_PATHS.MICRO_COURSE,
    icon: <PlayCircleOutlined />,
    title: '微课资源',
    text: '精讲知识点的微课视频',
  },
  {
    key: 'document',
    to: LIST_PATHS.DOCUMENT,
    icon: <FileTextOutlined />,
    title: '教学文档',
    text: '教案、课件、学案与习题',
  },
  {
    key: 'achievement',
    to: LIST_PATHS.ACHIEVEMENT,
    icon: <TrophyOutlined />,
    title: '教研成果',
    text: '课题、论文与培训成果',
  },
] as const;

/**
 * The welcome banner with the library's totals (getTotalResourceCount); each kind leads to its list. Totals not
 * known yet show a dash, as in the home page's build-time first paint (home-first-paint.tsx).
 */
export const HomeHero = ({ totals }: { totals: Awaited<ReturnType<typeof getTotals>> | undefined }) => {
  const count = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return (
    <div className="zyk-container">
      <section className={styles.hero} aria-labelledby="home-hero-title">
        <div className={styles.copy}>
          <h1 id="home-hero-title" className={styles.title}>
            资源库
          </h1>
          <p className={styles.lead}>汇聚区域优质教学资源，让每一位老师都能便捷地浏览、检索、分享与下载。</p>
          <dl className={styles.stats} aria-label="资源统计" data-testid="home-totals">
            <div>
              <dt>资源总数</dt>
              <dd>{count(totals?.total)}</dd>
            </div>
            <div>
              <dt>贡献教师</dt>
              <dd>{count(totals?.authors)}</dd>
            </div>
            <div>
              <dt>累计下载</dt>
              <dd>{count(totals?.downloads)}</dd>
            </div>
          </dl>
        </div>
        <ul className={styles.kinds} aria-label="资源类型">
          {KINDS.map((kind) => (
            <li key={kind.key}>
              <Link to={kind.to} className={styles.kind}>
                <span className={styles.kindIcon} aria-hidden>
                  {kind.icon}
                </span>
                <span className={styles.kindCopy}>
                  <span className={styles.kindTitle}>{kind.title}</span>
                  <span className={styles.kindText}>{kind.text}</span>
                </span>
                <span className={styles.kindCount}>
                  {count(totals?.[kind.key])}
                  <small> 个</small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};

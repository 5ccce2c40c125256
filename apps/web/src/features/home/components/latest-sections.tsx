import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/format.ts';
import { detailsPath, LIST_PATHS } from '../../../lib/resource-paths.ts';
import { useLatest } from '../hooks/use-home-data.ts';
import styles from './home-sections.module.css';

/** 最新发布: the newest 8 of each type (home/data), each column leading to its list. */
export const LatestSections = () => {
  const { data, isPending } = useLatest();
  if (!isPending && (!data || data.length === 0)) return null;
  return (
    <section className={styles.latest} aria-labelledby="latest-title">
      <h2 id="latest-title" className={styles.latestTitle}>
        最新发布
      </h2>
      <div className={styles.latestColumns}>
        {(data ?? []).map((section) => (
          <section key={section.type} className={styles.latestColumn} aria-label={`最新${section.name}`}>
            <header className={styles.latestHeader}>
              <h3>{section.name}</h3>
              <Link to={LIST_PATHS[section.type]} className={styles.moreLink}>
                更多 <RightOutlined aria-hidden />
              </Link>
            </header>
            {section.list.length === 0 ? (
              <div className={styles.rankEmpty}>暂无资源</div>
            ) : (
              <ul className={styles.latestList}>
                {section.list.map((r) => (
                  <li key={r.id}>
                    <Link to={detailsPath(r.type, r.id)} title={r.title}>
                      {r.title}
                    </Link>
                    <time dateTime={r.publishedAt ?? undefined}>{formatDate(r.publishedAt).slice(5)}</time>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
};

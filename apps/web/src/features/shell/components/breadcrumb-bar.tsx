import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useBreadcrumbTrail } from '../hooks/use-breadcrumb-trail.ts';
import styles from './breadcrumb-bar.module.css';

/** 当前位置 trail; an entry leads to its page with the current query. */
export const BreadcrumbBar = () => {
  const trail = useBreadcrumbTrail();
  const { search } = useLocation();
  if (!trail) return null;
  return (
    <nav className={styles.bar} aria-label="当前位置">
      <span className={styles.lead}>当前位置：</span>
      <ol className={styles.list}>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <Fragment key={crumb.pathname}>
              <li className={last ? styles.current : undefined} aria-current={last ? 'page' : undefined}>
                {last ? crumb.title : <Link to={{ pathname: crumb.pathname, search }}>{crumb.title}</Link>}
              </li>
              {!last && (
                <li className={styles.separator} aria-hidden>
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
};

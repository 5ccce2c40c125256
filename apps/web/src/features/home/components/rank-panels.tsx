import { RESOURCE_TYPE_LABELS } from '@zyk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format.ts';
import { detailsPath } from '../../../lib/resource-paths.ts';
import { useMemberRank, useResourceRank } from '../hooks/use-home-data.ts';
import styles from './home-sections.module.css';

const RankNo = ({ n }: { n: number }) => (
  <span className={n <= 3 ? `${styles.rankNo} ${styles.top}` : styles.rankNo}>{n}</span>
);

/** A side panel with a numbered ranking (the top three marked), or a placeholder while it loads or is empty. */
const RankPanel = <T,>({
  id,
  title,
  testId,
  query: { data, isPending },
  keyOf,
  children,
}: {
  id: string;
  title: string;
  testId: string;
  query: { data: T[] | undefined; isPending: boolean };
  keyOf: (item: T) => string | number;
  /** The rest of an entry after its number. */
  children: (item: T) => ReactNode;
}) => (
  <section className={styles.side} aria-labelledby={id}>
    <h2 id={id} className={styles.sideTitle}>
      {title}
    </h2>
    {!data || data.length === 0 ? (
      <div className={styles.rankEmpty}>{isPending ? '加载中…' : '暂无数据'}</div>
    ) : (
      <ol className={styles.rank} data-testid={testId}>
        {data.map((item, i) => (
          <li key={keyOf(item)} className={styles.rankItem}>
            <RankNo n={i + 1} />
            {children(item)}
          </li>
        ))}
      </ol>
    )}
  </section>
);

/** 教师排行: teachers by published resources, then by downloads of them. */
export const MemberRankPanel = () => (
  <RankPanel
    id="member-rank-title"
    title="教师排行"
    testId="member-rank"
    query={useMemberRank()}
    keyOf={(member) => member.memberId}
  >
    {(member) => (
      <>
        <span className={styles.rankName}>{member.realName}</span>
        <span className={styles.rankValue}>
          {formatCount(member.resourceCount)} 个资源 · {formatCount(member.downloadCount)} 次下载
        </span>
      </>
    )}
  </RankPanel>
);

/** 热门资源: the last 30 days' views plus three times the downloads. */
export const ResourceRankPanel = () => (
  <RankPanel
    id="resource-rank-title"
    title="热门资源"
    testId="resource-rank"
    query={useResourceRank()}
    keyOf={(resource) => resource.id}
  >
    {(resource) => (
      <>
        <Link className={styles.rankLink} to={detailsPath(resource.type, resource.id)} title={resource.title}>
          {resource.title}
        </Link>
        <span className={styles.rankValue} title={`${RESOURCE_TYPE_LABELS[resource.type]} · 热度`}>
          {formatCount(resource.score)}
        </span>
      </>
    )}
  </RankPanel>
);

import { RESOURCE_TYPE_LABELS } from '@zyk/shared';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format.ts';
import { detailsPath } from '../../../lib/resource-paths.ts';
import { useMemberRank, useResourceRank } from '../hooks/use-home-data.ts';
import styles from './home-sections.module.css';

const Placeholder = ({ pending }: { pending: boolean }) => (
  <div className={styles.rankEmpty}>{pending ? '加载中…' : '暂无数据'}</div>
);

const RankNo = ({ n }: { n: number }) => (
  <span className={n <= 3 ? `${styles.rankNo} ${styles.top}` : styles.rankNo}>{n}</span>
);

/** 教师排行: teachers by published resources, then by downloads of them. */
export const MemberRankPanel = () => {
  const { data, isPending } = useMemberRank();
  return (
    <section className={styles.side} aria-labelledby="member-rank-title">
      <h2 id="member-rank-title" className={styles.sideTitle}>
        教师排行
      </h2>
      {!data || data.length === 0 ? (
        <Placeholder pending={isPending} />
      ) : (
        <ol className={styles.rank} data-testid="member-rank">
          {data.map((member, i) => (
            <li key={member.memberId} className={styles.rankItem}>
              <RankNo n={i + 1} />
              <span className={styles.rankName}>{member.realName}</span>
              <span className={styles.rankValue}>
                {formatCount(member.resourceCount)} 个资源 · {formatCount(member.downloadCount)} 次下载
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

/** 热门资源: the last 30 days' views plus three times the downloads. */
export const ResourceRankPanel = () => {
  const { data, isPending } = useResourceRank();
  return (
    <section className={styles.side} aria-labelledby="resource-rank-title">
      <h2 id="resource-rank-title" className={styles.sideTitle}>
        热门资源
      </h2>
      {!data || data.length === 0 ? (
        <Placeholder pending={isPending} />
      ) : (
        <ol className={styles.rank} data-testid="resource-rank">
          {data.map((resource, i) => (
            <li key={resource.id} className={styles.rankItem}>
              <RankNo n={i + 1} />
              <Link className={styles.rankLink} to={detailsPath(resource.type, resource.id)} title={resource.title}>
                {resource.title}
              </Link>
              <span className={styles.rankValue} title={`${RESOURCE_TYPE_LABELS[resource.type]} · 热度`}>
                {formatCount(resource.score)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

import { DownloadOutlined, EyeOutlined, LikeOutlined } from '@ant-design/icons';
import { type ResourceCard as Card, RESOURCE_TYPE_LABELS } from '@zyk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fileSummary, formatCount, formatDate, formatPrice } from '../lib/format.ts';
import { detailsPath } from '../lib/resource-paths.ts';
import { ChapterLine } from './chapter-trail.tsx';
import styles from './resource-card.module.css';
import { ResourceThumb } from './resource-thumb.tsx';

const stageSubject = (r: Card) => [r.stageName, r.subjectName].filter(Boolean).join(' · ') || '全部学段';

const Price = ({ fen }: { fen: number }) => (
  <span className={fen > 0 ? `${styles.price} ${styles.paid}` : styles.price}>{formatPrice(fen)}</span>
);

const Counters = ({ r, stars = true }: { r: Card; stars?: boolean }) => (
  <span className={styles.counters}>
    <span title="浏览">
      <EyeOutlined aria-label="浏览" /> {formatCount(r.viewCount)}
    </span>
    <span title="下载">
      <DownloadOutlined aria-label="下载" /> {formatCount(r.downloadCount)}
    </span>
    {stars && (
      <span title="点赞">
        <LikeOutlined aria-label="点赞" /> {formatCount(r.starCount)}
      </span>
    )}
  </span>
);

/**
 * A resource in a list. `grid`: picture on top (home and list pages); `row`: picture at the left with more
 * detail (search results); `compact`: a small line (recommendations). The title is a link to the details page
 * that covers the whole card; `title` replaces its text (search highlights).
 */
export const ResourceCard = ({
  resource: r,
  title,
  layout = 'grid',
}: {
  resource: Card;
  title?: ReactNode;
  layout?: 'grid' | 'row' | 'compact';
}) => {
  const link = (
    <Link to={detailsPath(r.type, r.id)} className={styles.link} title={r.title}>
      {title ?? r.title}
    </Link>
  );
  if (layout === 'compact') {
    return (
      <article className={styles.compact} data-testid="resource-card">
        <ResourceThumb type={r.type} fileId={r.thumbnailFileId} className={styles.compactThumb} />
        <div className={styles.compactBody}>
          <h3 className={styles.compactTitle}>{link}</h3>
          <ChapterLine chapter={r.chapter} />
          <div className={styles.meta}>
            <span>{RESOURCE_TYPE_LABELS[r.type]}</span>
            <span>浏览 {formatCount(r.viewCount)}</span>
            <Price fen={r.price} />
          </div>
        </div>
      </article>
    );
  }
  if (layout === 'row') {
    return (
      <article className={styles.row} data-testid="resource-card">
        <ResourceThumb type={r.type} fileId={r.thumbnailFileId} className={styles.rowThumb} />
        <div className={styles.rowBody}>
          <h3 className={styles.rowTitle}>{link}</h3>
          <div className={styles.meta}>
            <span className={styles.typeTag}>{RESOURCE_TYPE_LABELS[r.type]}</span>
            <span>{stageSubject(r)}</span>
            <span>作者：{r.authorName}</span>
            {r.file && <span data-testid="card-file">{fileSummary(r.file)}</span>}
            {r.publishedAt && <span>发布于 {formatDate(r.publishedAt)}</span>}
          </div>
          <ChapterLine chapter={r.chapter} />
          <div className={styles.footer}>
            <Counters r={r} />
            <Price fen={r.price} />
          </div>
        </div>
      </article>
    );
  }
  return (
    <article className={styles.card} data-testid="resource-card">
      <div className={styles.thumbWrap}>
        <ResourceThumb type={r.type} fileId={r.thumbnailFileId} />
        <span className={styles.badge}>{RESOURCE_TYPE_LABELS[r.type]}</span>
        {r.file && (
          <span className={styles.fileBadge} title={fileSummary(r.file)} data-testid="card-file">
            {fileSummary(r.file, { size: false })}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{link}</h3>
        <ChapterLine chapter={r.chapter} />
        <div className={styles.meta}>
          <span>{stageSubject(r)}</span>
          <span>{r.authorName}</span>
        </div>
        <div className={styles.footer}>
          <Counters r={r} stars={false} />
          <Price fen={r.price} />
        </div>
      </div>
    </article>
  );
};

/** Grey stand-ins while a list loads, in the layout the cards will have. */
export const ResourceCardSkeleton = ({ layout = 'grid' }: { layout?: 'grid' | 'row' }) => (
  <div
    className={layout === 'row' ? `${styles.row} ${styles.skeleton}` : `${styles.card} ${styles.skeleton}`}
    aria-hidden
  >
    <div
      className={
        layout === 'row' ? `${styles.rowThumb} ${styles.shimmer}` : `${styles.skeletonThumb} ${styles.shimmer}`
      }
    />
    <div className={layout === 'row' ? styles.rowBody : styles.body}>
      <div className={`${styles.skeletonLine} ${styles.shimmer}`} />
      <div className={`${styles.skeletonLine} ${styles.short} ${styles.shimmer}`} />
    </div>
  </div>
);

/** Cards in a responsive grid (or a column of `row` cards), as a list. */
export const ResourceList = <T extends Card>({
  resources,
  layout = 'grid',
  label,
  titleOf,
}: {
  resources: readonly T[];
  layout?: 'grid' | 'row' | 'compact';
  label: string;
  titleOf?: (resource: T) => ReactNode;
}) => (
  <ul className={layout === 'grid' ? styles.grid : styles.column} aria-label={label}>
    {resources.map((r) => (
      <li key={r.id}>
        <ResourceCard resource={r} layout={layout} title={titleOf?.(r)} />
      </li>
    ))}
  </ul>
);

/** The loading state of a ResourceList. */
export const ResourceListSkeleton = ({ count, layout = 'grid' }: { count: number; layout?: 'grid' | 'row' }) => (
  <div className={layout === 'grid' ? styles.grid : styles.column} role="status" aria-label="正在加载资源">
    {Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
      <ResourceCardSkeleton key={i} layout={layout} />
    ))}
  </div>
);

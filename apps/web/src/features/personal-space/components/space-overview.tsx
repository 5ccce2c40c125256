import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate } from '../../../lib/format.ts';
import { useMyCourses, useMyUploads, useUploadCounts } from '../hooks/use-space.ts';
import styles from './space.module.css';
import { StatusTag } from './status-tag.tsx';

/**
 * /personSpace/index: how my resources stand (by review state), my courses, the newest uploads and, in the slots,
 * the account card and the messages card.
 */
export const SpaceOverview = ({ messages, account }: { messages?: ReactNode; account?: ReactNode }) => {
  const counts = useUploadCounts();
  const courses = useMyCourses(1);
  const recent = useMyUploads(null, 1);
  const stats = counts.data
    ? [
        { label: '我的资源', value: counts.data.all, to: '/personSpace/resource' },
        { label: '已发布', value: counts.data.published, to: '/personSpace/resource?status=PUBLISHED' },
        { label: '待审核', value: counts.data.pending, to: '/personSpace/resource?status=PENDING' },
        { label: '未通过', value: counts.data.rejected, to: '/personSpace/resource?status=REJECTED' },
        { label: '我的课程', value: courses.data?.pageBean.totalCount ?? 0, to: '/personSpace/course/course' },
      ]
    : [];
  return (
    <>
      <section className={styles.panel} aria-labelledby="overview-title">
        <header className={styles.panelHeader}>
          <h1 id="overview-title" className={panelStyles.panelTitle}>
            空间首页
          </h1>
        </header>
        {counts.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : counts.isError ? (
          <LoadError message={errorText(counts.error, '资源统计加载失败')} onRetry={() => void counts.refetch()} />
        ) : (
          <div className={styles.stats} data-testid="overview-stats">
            {stats.map((s) => (
              <Link key={s.label} to={s.to} className={styles.stat} data-testid={`stat-${s.label}`}>
                <span>{s.label}</span>
                <strong>{s.value}</strong>
              </Link>
            ))}
          </div>
        )}
      </section>
      {account}
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="overview-uploads">
          <header className={styles.panelHeader}>
            <h2 id="overview-uploads" className={panelStyles.panelSubtitle}>
              最近上传
            </h2>
            <Link className={panelStyles.panelAction} to="/personSpace/resource">
              全部 ›
            </Link>
          </header>
          {recent.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : recent.isError ? (
            <LoadError message={errorText(recent.error, '资源加载失败')} onRetry={() => void recent.refetch()} />
          ) : recent.data.objList.length === 0 ? (
            <EmptyState title="还没有上传资源" hint={<Link to="/home/uploadDoc">去上传第一份资源</Link>} />
          ) : (
            <ul className={styles.recent}>
              {recent.data.objList.slice(0, 5).map((r) => (
                <li key={r.id}>
                  <StatusTag status={r.status} />
                  <span className={styles.recentTitle}>{r.title}</span>
                  <span className={styles.muted}>{formatDate(r.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="overview-messages">
          <header className={styles.panelHeader}>
            <h2 id="overview-messages" className={panelStyles.panelSubtitle}>
              消息
            </h2>
          </header>
          {messages}
        </section>
      </div>
    </>
  );
};

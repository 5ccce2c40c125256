import { Skeleton } from 'antd';
import { useState } from 'react';
import { Pager } from '../../../components/pager.tsx';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { TOPIC_PAGE_SIZE } from '../api/classroom-api.ts';
import { useTopics } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';
import { TopicCard } from './course-card.tsx';

/** /pcourse/topic: every published topic, newest first, in numbered pages. */
export const TopicListPage = () => {
  const [page, setPage] = useState(1);
  const topics = useTopics(page);
  const data = topics.data;
  return (
    <div className={`zyk-container ${styles.page}`}>
      <section className={styles.panel} aria-labelledby="topic-list-title">
        <header className={styles.panelHeader}>
          <h1 id="topic-list-title" className={panelStyles.panelTitle}>
            专题
          </h1>
          {data && <span className={styles.muted}>共 {data.pageBean.totalCount} 个专题</span>}
        </header>
        {topics.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : topics.isError && !data ? (
          <LoadError message={errorText(topics.error, '专题加载失败')} onRetry={() => void topics.refetch()} />
        ) : !data || data.objList.length === 0 ? (
          <EmptyState title="暂无专题" hint="专题发布后会出现在这里" />
        ) : (
          <div aria-busy={topics.isFetching}>
            <ul className={styles.topicGrid} aria-label="专题列表">
              {data.objList.map((topic) => (
                <li key={topic.id}>
                  <TopicCard topic={topic} />
                </li>
              ))}
            </ul>
            <Pager current={page} pageSize={TOPIC_PAGE_SIZE} total={data.pageBean.totalCount} onChange={setPage} />
          </div>
        )}
      </section>
    </div>
  );
};

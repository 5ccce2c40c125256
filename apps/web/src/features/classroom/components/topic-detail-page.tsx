import { TOPIC_BACKGROUND_DELAY_MS } from '@zyk/shared';
import { message, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { parseResourceId } from '../../../lib/resource-paths.ts';
import { useTopic, useTopicBackground } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';
import { CourseGrid } from './course-card.tsx';

/**
 * /pcourse/topicDetail?id=: a topic and its courses. Its background is asked for by the query id 500 ms after the
 * page starts; a refusal is toasted with the server's message.
 */
export const TopicDetailPage = () => {
  const [params] = useSearchParams();
  const id = parseResourceId(params.get('id'));
  const topic = useTopic(id);
  const [started, setStarted] = useState(false);
  const background = useTopicBackground(id, started);
  const [toast, toastHolder] = message.useMessage();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each topic (id) waits its own 500 ms
  useEffect(() => {
    setStarted(false);
    const timer = window.setTimeout(() => setStarted(true), TOPIC_BACKGROUND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [id]);

  useEffect(() => {
    if (background.isError) void toast.error(errorText(background.error, '专题背景加载失败'));
  }, [background.isError, background.error, toast]);

  const backgroundUrl = background.data ?? null;
  const data = topic.data;
  return (
    <div className={`zyk-container ${styles.page}`}>
      {toastHolder}
      {id === null ? (
        <EmptyState title="专题不存在" hint="链接中缺少专题编号" />
      ) : topic.isPending ? (
        <section className={styles.panel}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      ) : topic.isError || !data ? (
        <LoadError message={errorText(topic.error, '专题加载失败')} onRetry={() => void topic.refetch()} />
      ) : (
        <>
          <section
            className={styles.topicHero}
            data-testid="topic-hero"
            data-background={backgroundUrl ? 'loaded' : 'none'}
            style={backgroundUrl ? { backgroundImage: `url("${encodeURI(backgroundUrl)}")` } : undefined}
          >
            <div className={styles.topicHeroInner}>
              <h1 className={styles.topicHeroTitle}>{data.title}</h1>
              <p className={styles.topicHeroText}>{data.description || '暂无简介'}</p>
              <span className={styles.topicHeroCount}>共 {data.courses.length} 门课程</span>
            </div>
          </section>
          <section className={styles.panel} aria-labelledby="topic-courses">
            <header className={styles.panelHeader}>
              <h2 id="topic-courses" className={panelStyles.panelTitle}>
                专题课程
              </h2>
            </header>
            {data.courses.length === 0 ? (
              <EmptyState title="该专题暂无已发布的课程" />
            ) : (
              <CourseGrid courses={data.courses} label="专题课程" />
            )}
          </section>
        </>
      )}
    </div>
  );
};

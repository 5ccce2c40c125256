import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { useClassroomHome } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';
import { CourseGrid, CourseGridSkeleton, TopicCard } from './course-card.tsx';

/** /pcourse/index: the categories, then courses and topics (the featured ones first, in the console order). */
export const ClassroomHome = () => {
  const home = useClassroomHome();
  const data = home.data;
  return (
    <div className={`zyk-container ${styles.page}`} data-testid="classroom-home">
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>精品课堂</h1>
        <p className={styles.heroText}>名师精品课程与专题，系统学习，随时继续。</p>
        <nav className={styles.categories} aria-label="课程分类">
          {home.isPending ? (
            <Skeleton.Input active size="small" />
          ) : (
            (data?.categories ?? []).map((c) => (
              <Link key={c.id} to={`/pcourse/allcourse?categoryId=${c.id}`} className={styles.category}>
                {c.name}
              </Link>
            ))
          )}
        </nav>
      </section>

      {home.isError ? (
        <section className={styles.panel}>
          <LoadError message={errorText(home.error, '精品课堂加载失败')} onRetry={() => void home.refetch()} />
        </section>
      ) : (
        <>
          <section className={styles.panel} aria-labelledby="latest-courses">
            <header className={styles.panelHeader}>
              <h2 id="latest-courses" className={panelStyles.panelTitle}>
                精选课程
              </h2>
              <Link to="/pcourse/allcourse">全部课程 ›</Link>
            </header>
            {home.isPending ? (
              <CourseGridSkeleton count={4} />
            ) : data && data.courses.length > 0 ? (
              <CourseGrid courses={data.courses} label="精选课程" />
            ) : (
              <EmptyState title="暂无课程" hint="老师们正在制作精品课程，敬请期待" />
            )}
          </section>
          <section className={styles.panel} aria-labelledby="latest-topics">
            <header className={styles.panelHeader}>
              <h2 id="latest-topics" className={panelStyles.panelTitle}>
                专题
              </h2>
              <Link to="/pcourse/topic">全部专题 ›</Link>
            </header>
            {home.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : data && data.topics.length > 0 ? (
              <ul className={styles.topicGrid} aria-label="专题">
                {data.topics.map((topic) => (
                  <li key={topic.id}>
                    <TopicCard topic={topic} />
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="暂无专题" />
            )}
          </section>
        </>
      )}
    </div>
  );
};

import { PlayCircleOutlined } from '@ant-design/icons';
import { RESOURCE_STATUS_LABELS } from '@zyk/shared';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDuration } from '../../../lib/format.ts';
import { parseResourceId } from '../../../lib/resource-paths.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import type { CourseDetail, Lesson } from '../api/classroom-types.ts';
import { useCourse } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';
import { CourseCover } from './course-card.tsx';
import { CourseOutline } from './course-outline.tsx';
import { LessonPlayer } from './lesson-player.tsx';

const lessonsOf = (course: CourseDetail) => course.chapters.flatMap((c) => c.lessons);

/** Where the user is: the lesson to resume and the second to start at, or null before any studying. */
const resumeOf = (course: CourseDetail) => {
  if (!course.resume) return null;
  const lesson = lessonsOf(course).find((l) => l.id === course.resume?.titleId);
  return lesson ? { lesson, position: course.resume.position } : null;
};

/**
 * A course being studied (/pcourse/courseDetail?id=, and /coursePreview without the frame): its description, the
 * outline with progress per lesson, and the lesson player. It opens where the user left off.
 */
export const CourseStudy = ({ preview = false }: { preview?: boolean }) => {
  const [params] = useSearchParams();
  const id = parseResourceId(params.get('id'));
  const course = useCourse(id, preview);
  const { loggedIn } = useSession();
  const [chosen, setChosen] = useState<{ lessonId: number; startAt: number; seq: number } | null>(null);

  if (id === null) return <EmptyState title="课程不存在" hint="链接中缺少课程编号" />;
  if (course.isPending) {
    return (
      <div className={styles.panel}>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (course.isError) {
    return <LoadError message={errorText(course.error, '课程加载失败')} onRetry={() => void course.refetch()} />;
  }
  const data = course.data;
  const lessons = lessonsOf(data);
  const resume = resumeOf(data);
  const current = (chosen && lessons.find((l) => l.id === chosen.lessonId)) ?? resume?.lesson ?? lessons[0] ?? null;
  const startAt = chosen ? chosen.startAt : resume && current?.id === resume.lesson.id ? resume.position : 0;
  // Each choice is a fresh player (seq), so choosing the same lesson again starts it again from its place.
  const choose = (lessonId: number, at: number) =>
    setChosen((previous) => ({ lessonId, startAt: at, seq: (previous?.seq ?? 0) + 1 }));
  const select = (lesson: Lesson) =>
    choose(lesson.id, lesson.progress && !lesson.progress.completed ? lesson.progress.position : 0);
  const completed = lessons.filter((l) => l.progress?.completed).length;

  return (
    <div className={styles.study} data-testid="course-detail">
      <section className={`${styles.panel} ${styles.courseHead}`}>
        <CourseCover fileId={data.coverFileId} label={data.categoryName ?? '精品课程'} />
        <div className={styles.courseHeadBody}>
          <h1 className={styles.courseHeading}>{data.title}</h1>
          <div className={styles.courseMeta}>
            {data.categoryName && <span className={styles.tag}>{data.categoryName}</span>}
            <span>{[data.stageName, data.subjectName].filter(Boolean).join(' · ') || '全部学段'}</span>
            <span>主讲：{data.authorName}</span>
            <span>
              {data.lessonCount} 课时 · {data.studyCount} 人学习
            </span>
          </div>
          <p className={styles.description}>{data.description || '暂无课程简介'}</p>
          {data.status !== 'PUBLISHED' && (
            <Alert
              type={data.status === 'REJECTED' ? 'error' : 'warning'}
              showIcon
              title={`${RESOURCE_STATUS_LABELS[data.status]}${data.reviewNote ? `：${data.reviewNote}` : ''}`}
            />
          )}
          {loggedIn && lessons.length > 0 && (
            <div className={styles.resume} data-testid="course-resume">
              {resume ? (
                <>
                  <span>
                    上次学到：{resume.lesson.title}
                    {resume.position > 0 ? `（${formatDuration(resume.position)}）` : ''} · 已学完 {completed}/
                    {lessons.length}
                  </span>
                  <Button
                    type="primary"
                    icon={<PlayCircleOutlined aria-hidden />}
                    onClick={() => choose(resume.lesson.id, resume.position)}
                  >
                    继续学习
                  </Button>
                </>
              ) : (
                <span>还没有开始学习，从第一课开始吧</span>
              )}
            </div>
          )}
        </div>
      </section>
      {lessons.length === 0 ? (
        <section className={styles.panel}>
          <EmptyState title="该课程还没有课时" />
        </section>
      ) : (
        <div className={styles.studyColumns}>
          <section className={styles.panel} aria-label="课时学习">
            {current && (
              <LessonPlayer
                key={`${current.id}-${chosen?.seq ?? 0}`}
                courseId={data.id}
                lesson={current}
                startAt={startAt}
                loggedIn={loggedIn}
                onLogin={() => sessionActions.openLogin()}
              />
            )}
          </section>
          <aside className={styles.panel}>
            <CourseOutline chapters={data.chapters} currentId={current?.id ?? null} onSelect={select} />
          </aside>
        </div>
      )}
    </div>
  );
};

/** /pcourse/courseDetail. */
export const CourseDetailPage = () => (
  <div className={`zyk-container ${styles.page}`}>
    <CourseStudy />
  </div>
);

/** /coursePreview: the same course view without the site's header or footer. */
export const CoursePreviewPage = () => (
  <>
    <div className={`zyk-container ${styles.page}`} data-testid="course-preview">
      <CourseStudy preview />
    </div>
  </>
);

import { Link } from 'react-router-dom';
import { thumbnailUrl } from '../../../lib/api.ts';
import { formatCount } from '../../../lib/format.ts';
import type { Course } from '../api/classroom-types.ts';
import styles from './classroom.module.css';

export const coursePath = (id: number) => `/pcourse/courseDetail?id=${id}`;
export const topicPath = (id: number) => `/pcourse/topicDetail?id=${id}`;

/** A cover picture: the uploaded cover's thumbnail, otherwise a coloured panel with the category. */
export const CourseCover = ({ fileId, label }: { fileId: string | null; label: string }) => (
  <div className={styles.cover}>
    {fileId ? (
      <img src={thumbnailUrl(fileId)} alt="" loading="lazy" decoding="async" />
    ) : (
      <span className={styles.coverLabel}>{label}</span>
    )}
  </div>
);

/** A published course in a grid: cover, title (a link over the whole card), category, author and counts. */
export const CourseCard = ({ course }: { course: Course }) => (
  <article className={styles.courseCard} data-testid="course-card">
    <CourseCover fileId={course.coverFileId} label={course.categoryName ?? '精品课程'} />
    <div className={styles.courseBody}>
      <h3 className={styles.courseTitle}>
        <Link to={coursePath(course.id)} className={styles.cardLink} title={course.title}>
          {course.title}
        </Link>
      </h3>
      <div className={styles.courseMeta}>
        {course.categoryName && <span className={styles.tag}>{course.categoryName}</span>}
        <span>{[course.stageName, course.subjectName].filter(Boolean).join(' · ') || '全部学段'}</span>
      </div>
      <div className={styles.courseMeta}>
        <span>{course.authorName}</span>
        <span>
          {course.lessonCount} 课时 · {formatCount(course.studyCount)} 人学习
        </span>
      </div>
    </div>
  </article>
);

export const CourseGrid = ({ courses, label }: { courses: Course[]; label: string }) => (
  <ul className={styles.courseGrid} aria-label={label}>
    {courses.map((course) => (
      <li key={course.id}>
        <CourseCard course={course} />
      </li>
    ))}
  </ul>
);

/** Placeholder cards while a course list loads. */
export const CourseGridSkeleton = ({ count = 8 }: { count?: number }) => (
  <ul className={styles.courseGrid} aria-hidden>
    {Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
      <li key={i}>
        <div className={`${styles.courseCard} ${styles.skeletonCard}`}>
          <div className={styles.cover} />
          <div className={styles.courseBody}>
            <div className={styles.skeletonLine} />
            <div className={`${styles.skeletonLine} ${styles.short}`} />
          </div>
        </div>
      </li>
    ))}
  </ul>
);

interface TopicLike {
  id: number;
  title: string;
  description: string;
  courseCount: number;
}

/** A topic: title, description and how many courses it gathers. */
export const TopicCard = ({ topic }: { topic: TopicLike }) => (
  <article className={styles.topicCard} data-testid="topic-card">
    <h3 className={styles.topicTitle}>
      <Link to={topicPath(topic.id)} className={styles.cardLink} title={topic.title}>
        {topic.title}
      </Link>
    </h3>
    <p className={styles.topicDescription}>{topic.description || '暂无简介'}</p>
    <span className={styles.topicCount}>{topic.courseCount} 门课程</span>
  </article>
);

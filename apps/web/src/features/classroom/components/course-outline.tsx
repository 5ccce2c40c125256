import { CheckCircleFilled, PlayCircleOutlined } from '@ant-design/icons';
import { TITLE_CATEGORIES } from '@zyk/shared';
import { formatDuration } from '../../../lib/format.ts';
import type { Chapter, Lesson } from '../api/classroom-types.ts';
import styles from './classroom.module.css';

const categoryName = (code: string | null) => TITLE_CATEGORIES.find((c) => c.code === code)?.name ?? null;

const progressText = (lesson: Lesson) => {
  if (!lesson.progress) return '未学习';
  if (lesson.progress.completed) return '已学完';
  return lesson.progress.position > 0 ? `学到 ${formatDuration(lesson.progress.position)}` : '学习中';
};

/** The chapters and their lessons in order, each lesson with the user's progress; the current one is marked. */
export const CourseOutline = ({
  chapters,
  currentId,
  onSelect,
}: {
  chapters: Chapter[];
  currentId: number | null;
  onSelect: (lesson: Lesson) => void;
}) => (
  <ol className={styles.outline} aria-label="课程目录">
    {chapters.map((chapter, ci) => (
      <li key={chapter.id} className={styles.chapter}>
        <h3 className={styles.chapterTitle}>
          第 {ci + 1} 章 {chapter.title}
        </h3>
        <ol className={styles.lessons}>
          {chapter.lessons.map((lesson, li) => {
            const current = lesson.id === currentId;
            const category = categoryName(lesson.categoryCode);
            return (
              <li key={lesson.id}>
                <button
                  type="button"
                  className={current ? `${styles.lesson} ${styles.lessonCurrent}` : styles.lesson}
                  aria-current={current ? 'true' : undefined}
                  data-testid="lesson"
                  onClick={() => onSelect(lesson)}
                >
                  {lesson.progress?.completed ? (
                    <CheckCircleFilled className={styles.done} aria-hidden />
                  ) : (
                    <PlayCircleOutlined aria-hidden />
                  )}
                  <span className={styles.lessonTitle}>
                    {ci + 1}.{li + 1} {lesson.title}
                  </span>
                  {category && <span className={styles.tag}>{category}</span>}
                  <span className={styles.lessonProgress} data-testid="lesson-state">
                    {progressText(lesson)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </li>
    ))}
  </ol>
);

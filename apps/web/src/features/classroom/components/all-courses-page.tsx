import { Input, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Chip, ChipGroup } from '../../../components/chip.tsx';
import { FilterRow } from '../../../components/filter-panel.tsx';
import { Pager } from '../../../components/pager.tsx';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { parseResourceId } from '../../../lib/resource-paths.ts';
import { COURSE_PAGE_SIZE } from '../api/classroom-api.ts';
import type { CourseFilters } from '../api/classroom-keys.ts';
import { useCourseCategories, useCourses } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';
import { CourseGrid, CourseGridSkeleton } from './course-card.tsx';

export interface StageSubject {
  stageId: number | null;
  subjectId: number | null;
}

/**
 * /pcourse/allcourse: published courses filtered by category, stage, subject and keyword, 12 to a page. The
 * filters live in the address (links from the classroom home choose a category); a new filter starts at page 1.
 */
export const AllCoursesPage = ({
  renderStageSubject,
}: {
  renderStageSubject: (value: StageSubject, onChange: (value: StageSubject) => void) => ReactNode;
}) => {
  const [params, setParams] = useSearchParams();
  const filters: CourseFilters = {
    categoryId: parseResourceId(params.get('categoryId')),
    stageId: parseResourceId(params.get('stageId')),
    subjectId: parseResourceId(params.get('subjectId')),
    keyword: (params.get('keyword') ?? '').trim(),
  };
  const page = parseResourceId(params.get('page')) ?? 1;
  const categories = useCourseCategories();
  const courses = useCourses(filters, page);

  const update = (
    patch: Partial<Record<'categoryId' | 'stageId' | 'subjectId' | 'keyword' | 'page', string | number | null>>,
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ page: null, ...patch })) {
      if (value === null || value === '' || value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };

  const data = courses.data;
  return (
    <div className={`zyk-container ${styles.page}`}>
      <section className={styles.panel} aria-labelledby="all-courses-title">
        <header className={styles.panelHeader}>
          <h1 id="all-courses-title" className={panelStyles.panelTitle}>
            全部课程
          </h1>
          <Input.Search
            className={styles.keyword}
            aria-label="课程关键词"
            placeholder="搜索课程名称"
            allowClear
            defaultValue={filters.keyword}
            onSearch={(value) => update({ keyword: value.trim() })}
          />
        </header>
        <div className={styles.filterRows}>
          <FilterRow title="分类" plain>
            {categories.isPending ? (
              <Skeleton.Input active size="small" block />
            ) : (
              <ChipGroup label="课程分类">
                <Chip selected={filters.categoryId === null} onClick={() => update({ categoryId: null })}>
                  全部
                </Chip>
                {(categories.data ?? []).map((c) => (
                  <Chip key={c.id} selected={filters.categoryId === c.id} onClick={() => update({ categoryId: c.id })}>
                    {c.name}
                  </Chip>
                ))}
              </ChipGroup>
            )}
          </FilterRow>
          {renderStageSubject({ stageId: filters.stageId, subjectId: filters.subjectId }, (value) =>
            update({ stageId: value.stageId, subjectId: value.subjectId }),
          )}
        </div>
      </section>

      <section className={styles.panel} aria-label="课程列表">
        <div className={styles.muted}>
          {data && !courses.isPlaceholderData ? (
            <span data-testid="course-total">共 {data.pageBean.totalCount} 门课程</span>
          ) : (
            <span>&nbsp;</span>
          )}
        </div>
        {courses.isPending ? (
          <CourseGridSkeleton />
        ) : courses.isError && !data ? (
          <LoadError message={errorText(courses.error, '课程加载失败')} onRetry={() => void courses.refetch()} />
        ) : !data || data.objList.length === 0 ? (
          <EmptyState title="暂无课程" hint="当前筛选条件下还没有课程，换个分类、学段或学科试试" />
        ) : (
          <div className={courses.isPlaceholderData ? styles.stale : undefined} aria-busy={courses.isFetching}>
            <CourseGrid courses={data.objList} label="全部课程" />
            <Pager
              current={page}
              pageSize={COURSE_PAGE_SIZE}
              total={data.pageBean.totalCount}
              totalText={`共 ${data.pageBean.totalCount} 门课程`}
              onChange={(next) => update({ ...Object.fromEntries(params), page: next })}
            />
          </div>
        )}
      </section>
    </div>
  );
};

import { Button, message, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate } from '../../../lib/format.ts';
import type { MyCourse } from '../api/space-api.ts';
import { useDeleteCourse, useMyCourses } from '../hooks/use-space.ts';
import { CourseEditor } from './course-editor.tsx';
import { ManagedList } from './managed-list.tsx';
import type { EditorSlots } from './slot-field.tsx';
import styles from './space.module.css';
import { StatusTag } from './status-tag.tsx';

/**
 * /personSpace/course/course: my courses with their review state; create, edit (which submits again), preview,
 * open the published course, delete.
 */
export const MyCoursesPage = ({ slots }: { slots: EditorSlots }) => {
  const [page, setPage] = useState(1);
  const list = useMyCourses(page);
  const remove = useDeleteCourse();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [toast, toastHolder] = message.useMessage();

  const columns: ColumnsType<MyCourse> = [
    {
      title: '课程名称',
      key: 'title',
      render: (_, c) => (
        <>
          <div>{c.title}</div>
          <div className={styles.muted}>
            {[c.categoryName, c.stageName, c.subjectName].filter(Boolean).join(' · ') || '未分类'}
          </div>
        </>
      ),
    },
    { title: '课时', key: 'lessons', width: 70, render: (_, c) => c.lessonCount },
    { title: '学习人数', key: 'study', width: 90, render: (_, c) => c.studyCount },
    {
      title: '审核状态',
      key: 'status',
      width: 180,
      render: (_, c) => (
        <>
          <StatusTag status={c.status} />
          {c.reviewNote && <div className={styles.note}>{c.reviewNote}</div>}
        </>
      ),
    },
    { title: '发布时间', key: 'publishedAt', width: 110, render: (_, c) => formatDate(c.publishedAt) || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, c) => (
        <>
          <Button type="link" size="small" onClick={() => setEditing({ id: c.id })}>
            编辑
          </Button>
          {c.status === 'PUBLISHED' ? (
            <a href={`/pcourse/courseDetail?id=${c.id}`} target="_blank" rel="noopener">
              学习
            </a>
          ) : (
            <a href={`/coursePreview?id=${c.id}`} target="_blank" rel="noopener">
              预览
            </a>
          )}
          <Popconfirm
            title="确定删除该课程？"
            okText="删除"
            cancelText="取消"
            onConfirm={() =>
              remove.mutateAsync(c.id).then(
                () => void toast.success('课程已删除'),
                (error: unknown) => void toast.error(errorText(error, '删除失败，请稍后重试')),
              )
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </>
      ),
    },
  ];

  return (
    <ManagedList
      id="my-courses-title"
      title="课程管理"
      createLabel="新建课程"
      onCreate={() => setEditing({ id: null })}
      list={list}
      columns={columns}
      page={page}
      onPage={setPage}
      empty={{ title: '还没有课程', hint: '点击“新建课程”，用已发布的资源编排课时' }}
      testId="my-courses"
    >
      {toastHolder}
      <CourseEditor
        open={editing !== null}
        id={editing?.id ?? null}
        slots={slots}
        onClose={() => setEditing(null)}
        onDone={(text) => {
          setEditing(null);
          void toast.success(text);
        }}
      />
    </ManagedList>
  );
};

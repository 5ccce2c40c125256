import { Button, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorText } from '../../../lib/api-result.ts';
import type { MyCourse } from '../api/space-api.ts';
import { useDeleteCourse, useMyCourses } from '../hooks/use-space.ts';
import { CourseEditor } from './course-editor.tsx';
import { ManagedList, reviewColumns, useManagedList } from './managed-list.tsx';
import type { EditorSlots } from './slot-field.tsx';
import styles from './space.module.css';

/**
 * /personSpace/course/course: my courses with their review state; create, edit (which submits again), preview,
 * open the published course, delete.
 */
export const MyCoursesPage = ({ slots }: { slots: EditorSlots }) => {
  const { page, setPage, edit, toast, toastHolder, editor } = useManagedList();
  const list = useMyCourses(page);
  const remove = useDeleteCourse();

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
    ...reviewColumns<MyCourse>(),
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, c) => (
        <>
          <Button type="link" size="small" onClick={() => edit(c.id)}>
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
      onCreate={() => edit(null)}
      list={list}
      columns={columns}
      page={page}
      onPage={setPage}
      empty={{ title: '还没有课程', hint: '点击“新建课程”，用已发布的资源编排课时' }}
      testId="my-courses"
    >
      {toastHolder}
      <CourseEditor {...editor} slots={slots} />
    </ManagedList>
  );
};

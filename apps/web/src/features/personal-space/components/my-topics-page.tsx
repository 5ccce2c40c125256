import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MyTopic } from '../api/space-api.ts';
import { useMyTopics } from '../hooks/use-space.ts';
import { ManagedList, reviewColumns, useManagedList } from './managed-list.tsx';
import type { EditorSlots } from './slot-field.tsx';
import styles from './space.module.css';
import { TopicEditor } from './topic-editor.tsx';

/** /personSpace/course/topic: my topics with their review state; create and edit (which submits again). */
export const MyTopicsPage = ({ slots }: { slots: EditorSlots }) => {
  const { page, setPage, edit, toastHolder, editor } = useManagedList();
  const list = useMyTopics(page);

  const columns: ColumnsType<MyTopic> = [
    {
      title: '专题名称',
      key: 'title',
      render: (_, t) => (
        <>
          <div>{t.title}</div>
          <div className={styles.muted}>{t.description}</div>
        </>
      ),
    },
    { title: '课程数', key: 'courses', width: 80, render: (_, t) => t.courseCount },
    ...reviewColumns<MyTopic>(),
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, t) => (
        <>
          <Button type="link" size="small" onClick={() => edit(t.id)}>
            编辑
          </Button>
          <a href={`/pcourse/topicDetail?id=${t.id}`} target="_blank" rel="noopener">
            {t.status === 'PUBLISHED' ? '查看' : '预览'}
          </a>
        </>
      ),
    },
  ];

  return (
    <ManagedList
      id="my-topics-title"
      title="专题管理"
      createLabel="新建专题"
      onCreate={() => edit(null)}
      list={list}
      columns={columns}
      page={page}
      onPage={setPage}
      empty={{ title: '还没有专题', hint: '把几门相关课程组成一个专题' }}
      testId="my-topics"
    >
      {toastHolder}
      <TopicEditor {...editor} slots={slots} />
    </ManagedList>
  );
};

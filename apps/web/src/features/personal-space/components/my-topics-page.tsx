import { Button, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import type { MyTopic } from '../api/space-api.ts';
import { useMyTopics } from '../hooks/use-space.ts';
import { ManagedList } from './managed-list.tsx';
import type { EditorSlots } from './slot-field.tsx';
import styles from './space.module.css';
import { StatusTag } from './status-tag.tsx';
import { TopicEditor } from './topic-editor.tsx';

/** /personSpace/course/topic: my topics with their review state; create and edit (which submits again). */
export const MyTopicsPage = ({ slots }: { slots: EditorSlots }) => {
  const [page, setPage] = useState(1);
  const list = useMyTopics(page);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [toast, toastHolder] = message.useMessage();

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
    {
      title: '审核状态',
      key: 'status',
      width: 180,
      render: (_, t) => (
        <>
          <StatusTag status={t.status} />
          {t.reviewNote && <div className={styles.note}>{t.reviewNote}</div>}
        </>
      ),
    },
    { title: '发布时间', key: 'publishedAt', width: 110, render: (_, t) => formatDate(t.publishedAt) || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, t) => (
        <>
          <Button type="link" size="small" onClick={() => setEditing({ id: t.id })}>
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
      onCreate={() => setEditing({ id: null })}
      list={list}
      columns={columns}
      page={page}
      onPage={setPage}
      empty={{ title: '还没有专题', hint: '把几门相关课程组成一个专题' }}
      testId="my-topics"
    >
      {toastHolder}
      <TopicEditor
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

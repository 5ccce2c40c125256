import { MESSAGE_TYPES, PAGE_SIZE } from '@zyk/shared';
import { Badge, Button, Modal, message, Segmented, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { MessageFilters, MessageType } from '../api/message-keys.ts';
import { useMessage, useMessages, useReadAll, useUnreadCount } from '../hooks/use-messages.ts';
import styles from './messages.module.css';

const READ_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
] as const;

const TYPE_OPTIONS = Object.entries(MESSAGE_TYPES).map(([value, label]) => ({ value, label }));

/** A message opened from the list: reading it marks it read. */
const MessageDetail = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const detail = useMessage(id);
  const data = detail.data;
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} title={data?.title ?? '消息详情'} destroyOnHidden>
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError || !data ? (
        <LoadError message={errorText(detail.error, '消息加载失败')} onRetry={() => void detail.refetch()} />
      ) : (
        <div className={styles.detail} data-testid="message-detail">
          <div className={styles.meta}>
            <span className={styles.type}>{MESSAGE_TYPES[data.type]}</span>
            <span>{formatDateTime(data.createdAt)}</span>
          </div>
          <p className={styles.content}>{data.content}</p>
          {data.link?.startsWith('/') && (
            <Link to={data.link} onClick={onClose}>
              查看详情 ›
            </Link>
          )}
        </div>
      )}
    </Modal>
  );
};

/**
 * /personSpace/message: the user's messages with announcements, 10 to a page, filtered by read state and type;
 * opening one reads it, 全部已读 reads them all.
 */
export const MessageCenter = () => {
  const [filters, setFilters] = useState<MessageFilters>({ read: null, type: null });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useMessages(filters, page);
  const unread = useUnreadCount();
  const readAll = useReadAll();
  const [toast, toastHolder] = message.useMessage();
  const change = (patch: Partial<MessageFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const data = list.data;

  return (
    <section className={styles.center} aria-labelledby="message-center-title">
      {toastHolder}
      <header className={styles.header}>
        <h1 id="message-center-title" className={styles.title}>
          我的消息
        </h1>
        <span className={styles.unread} data-testid="message-unread">
          未读 {unread.data ?? 0} 条
        </span>
        <Button
          className={styles.readAll}
          disabled={(unread.data ?? 0) === 0}
          loading={readAll.isPending}
          onClick={() =>
            readAll.mutate(undefined, {
              onSuccess: () => void toast.success('已全部标为已读'),
              onError: (error) => void toast.error(errorText(error, '操作失败，请稍后重试')),
            })
          }
        >
          全部已读
        </Button>
      </header>
      <div className={styles.filters}>
        <Segmented
          aria-label="阅读状态"
          options={READ_OPTIONS.map((o) => ({ ...o }))}
          value={filters.read ?? 'all'}
          onChange={(value) => change({ read: value === 'all' ? null : (value as '0' | '1') })}
        />
        <Select
          aria-label="消息类型"
          className={styles.typeSelect}
          placeholder="全部类型"
          allowClear
          options={TYPE_OPTIONS}
          value={filters.type ?? undefined}
          onChange={(value: MessageType | undefined) => change({ type: value ?? null })}
        />
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError && !data ? (
        <LoadError message={errorText(list.error, '消息加载失败')} onRetry={() => void list.refetch()} />
      ) : !data || data.objList.length === 0 ? (
        <EmptyState title={filters.read === '0' ? '没有未读消息' : '暂无消息'} />
      ) : (
        <div aria-busy={list.isFetching}>
          <ul className={styles.list} aria-label="消息列表">
            {data.objList.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={m.read ? styles.item : `${styles.item} ${styles.itemUnread}`}
                  data-testid="message-item"
                  data-read={m.read ? '1' : '0'}
                  onClick={() => setOpenId(m.id)}
                >
                  <Badge dot={!m.read} className={styles.dot}>
                    <span className={styles.type}>{MESSAGE_TYPES[m.type]}</span>
                  </Badge>
                  <span className={styles.itemTitle}>{m.title}</span>
                  <span className={styles.time}>{formatDateTime(m.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pager current={page} pageSize={PAGE_SIZE.messages} total={data.pageBean.totalCount} onChange={setPage} />
        </div>
      )}
      <MessageDetail id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
};

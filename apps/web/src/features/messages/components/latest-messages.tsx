import { MESSAGE_TYPES } from '@zyk/shared';
import { Badge, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate } from '../../../lib/format.ts';
import { useMessages, useUnreadCount } from '../hooks/use-messages.ts';
import styles from './messages.module.css';
import { MESSAGES_PATH } from './unread-badge.tsx';

const NO_FILTERS = { read: null, type: null } as const;

/** The personal space overview's card: the unread count and the newest five messages. */
export const LatestMessages = () => {
  const list = useMessages(NO_FILTERS, 1, 5);
  const unread = useUnreadCount();
  return (
    <div className={styles.latest} data-testid="latest-messages">
      <div className={styles.latestHead}>
        <span>
          未读消息 <strong data-testid="overview-unread">{unread.data ?? 0}</strong> 条
        </span>
        <Link to={MESSAGES_PATH}>全部消息 ›</Link>
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <LoadError message={errorText(list.error, '消息加载失败')} onRetry={() => void list.refetch()} />
      ) : list.data.objList.length === 0 ? (
        <EmptyState title="暂无消息" />
      ) : (
        <ul className={styles.latestList}>
          {list.data.objList.map((m) => (
            <li key={m.id}>
              <Badge dot={!m.read}>
                <span className={styles.type}>{MESSAGE_TYPES[m.type]}</span>
              </Badge>
              <span className={styles.itemTitle}>{m.title}</span>
              <span className={styles.time}>{formatDate(m.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

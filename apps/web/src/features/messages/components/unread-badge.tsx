import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router-dom';
import { useUnreadCount } from '../hooks/use-messages.ts';
import styles from './messages.module.css';

export const MESSAGES_PATH = '/personSpace/message';

/** A bell with the unread count, leading to the messages; `tone` suits a dark or a light header. */
export const UnreadBadge = ({ tone = 'light' }: { tone?: 'light' | 'dark' }) => {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Link
      to={MESSAGES_PATH}
      className={tone === 'dark' ? `${styles.bell} ${styles.bellDark}` : styles.bell}
      aria-label={count > 0 ? `我的消息，${count} 条未读` : '我的消息'}
      data-testid="unread-badge"
      data-count={count}
    >
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined className={styles.bellIcon} aria-hidden />
      </Badge>
    </Link>
  );
};

import { DesktopOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@zyk/shared';
import { Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { SitePanel } from '../frame/site-page.tsx';
import styles from './security.module.css';
import { type ActiveSession, endOtherSessions, endSession, securityKeys, sessionsQuery } from './security-api.ts';

const ICONS = { desktop: DesktopOutlined, mobile: MobileOutlined, tablet: TabletOutlined };

/** 登录设备: the account's live sessions, this one marked 本机; sign out one, or all the others. */
export const DevicesSection = ({ toast }: { toast: Toast }) => {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [busy, setBusy] = useState<string | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    try {
      toast.success(await action());
    } catch (error) {
      toast.error(errorText(error, '操作失败，请稍后重试'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
    }
  };

  const item = (s: ActiveSession) => {
    const Icon = ICONS[s.device.type];
    return (
      <li key={s.id} className={styles.item} data-testid="security-session">
        <Icon className={styles.itemIcon} aria-hidden />
        <div className={styles.itemBody}>
          <div className={styles.itemTitle}>
            <span>
              {s.device.browser} · {s.device.os}
            </span>
            {s.current && (
              <Tag color="green" bordered={false}>
                本机
              </Tag>
            )}
          </div>
          <div className={styles.itemMeta}>
            <span>IP {s.ip ?? '未知'}</span>
            <span>最近活动 {formatDateTime(s.lastSeenAt)}</span>
            <span>登录于 {formatDateTime(s.createdAt)}</span>
          </div>
        </div>
        {!s.current && (
          <div className={styles.itemAction}>
            <Popconfirm
              title="让这台设备退出登录？"
              okText="退出"
              cancelText="取消"
              onConfirm={() =>
                run(s.id, async () => {
                  await endSession(s.id);
                  return MESSAGES.security.sessionEnded;
                })
              }
            >
              <Button loading={busy === s.id}>退出</Button>
            </Popconfirm>
          </div>
        )}
      </li>
    );
  };

  return (
    <SitePanel
      title="登录设备"
      testId="security-devices"
      extra={
        <Popconfirm
          title="让除本机以外的所有设备退出登录？"
          okText="全部退出"
          cancelText="取消"
          disabled={others === 0}
          onConfirm={() => run('others', async () => MESSAGES.security.othersEnded((await endOtherSessions()).ended))}
        >
          <Button danger disabled={others === 0} loading={busy === 'others'}>
            退出其他设备
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : sessions.isError ? (
        <Empty description={errorText(sessions.error)} />
      ) : (
        <ul className={styles.list}>{sessions.data.map(item)}</ul>
      )}
    </SitePanel>
  );
};

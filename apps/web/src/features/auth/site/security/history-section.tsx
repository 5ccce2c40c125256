import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Pager } from '../../../../components/pager.tsx';
import { errorText } from '../../../../lib/api-result.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { SitePanel } from '../frame/site-page.tsx';
import styles from './security.module.css';
import { HISTORY_PAGE_SIZE, historyQuery } from './security-api.ts';

/** 登录记录: the last 30 days of logins (successes and failures), newest first, ten a page. */
export const HistorySection = () => {
  const [page, setPage] = useState(1);
  const history = useQuery({ ...historyQuery(page), placeholderData: keepPreviousData });

  return (
    <SitePanel title="登录记录（近 30 天）" testId="security-history">
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : history.isError ? (
        <Empty description={errorText(history.error)} />
      ) : history.data.objList.length === 0 ? (
        <Empty description="近 30 天没有登录记录" />
      ) : (
        <>
          <ul className={styles.list}>
            {history.data.objList.map((e) => (
              <li key={e.id} className={styles.item} data-testid="security-login-event">
                {e.success ? (
                  <CheckCircleFilled className={styles.okIcon} aria-hidden />
                ) : (
                  <CloseCircleFilled className={styles.failIcon} aria-hidden />
                )}
                <div className={styles.itemBody}>
                  <div className={styles.itemTitle}>
                    <span>{formatDateTime(e.time)}</span>
                    {e.success ? (
                      <Tag color="green" bordered={false}>
                        登录成功
                      </Tag>
                    ) : (
                      <Tag color="red" bordered={false}>
                        登录失败{e.reason ? `：${e.reason}` : ''}
                      </Tag>
                    )}
                  </div>
                  <div className={styles.itemMeta}>
                    <span>IP {e.ip ?? '未知'}</span>
                    <span>
                      {e.device.browser} · {e.device.os}
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <Pager
              current={page}
              total={history.data.pageBean.totalCount}
              pageSize={HISTORY_PAGE_SIZE}
              onChange={setPage}
            />
          </div>
        </>
      )}
    </SitePanel>
  );
};

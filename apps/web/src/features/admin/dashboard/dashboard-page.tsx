import { ReloadOutlined } from '@ant-design/icons';
import { type DashboardData, type DashboardFigures, formatBytes, formatYuan } from '@zyk/shared';
import { Alert, Button, Skeleton, Table, Tag } from 'antd';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useDashboard } from '../hooks/use-dashboard.ts';
import styles from './dashboard.module.css';
import { TrendChart } from './trend-chart.tsx';

const SCOPE_TEXT: Record<DashboardData['scope']['kind'], string> = {
  all: '全区数据',
  school: '本校成员的数据（本校老师上传的资源及其下载、浏览与销售，本校新账号与存储）',
  subject: '本学段学科的数据（该学段学科资源的上传、下载、浏览与销售；该学段学科老师的新账号与存储）',
};

const TILES: { key: keyof DashboardFigures; label: string; format?: (n: number) => string }[] = [
  { key: 'uploads', label: '上传资源' },
  { key: 'downloads', label: '下载' },
  { key: 'views', label: '浏览' },
  { key: 'sales', label: '销售订单' },
  { key: 'salesAmount', label: '销售金额', format: formatYuan },
  { key: 'newTeachers', label: '新注册老师' },
  { key: 'activeSchools', label: '活跃学校' },
];

const Figure = ({ label, today, window }: { label: string; today: string; window?: string }) => (
  <div className={styles.figure}>
    <p className={styles.figureLabel}>{label}</p>
    <p className={styles.figureToday}>{today}</p>
    {window !== undefined && <p className={styles.figureWindow}>近 30 天：{window}</p>}
  </div>
);

/** The dashboard: today's and the last 30 days' figures in the administrator's scope, the trend, the job queue. */
export const DashboardPage = () => {
  const query = useDashboard();
  const data = query.data;
  return (
    <TouchSize>
      <ConsolePage
        title="数据概览"
        description={
          data
            ? `统计范围：${data.scope.label}。${SCOPE_TEXT[data.scope.kind]}；日期按北京时间。`
            : '今日与近 30 天的数据'
        }
        actions={
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => query.refetch()} loading={query.isFetching}>
            刷新
          </Button>
        }
      >
        {query.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
        {query.isError && <LoadError message={errorText(query.error)} onRetry={() => query.refetch()} />}
        {data && (
          <>
            <section className={styles.section} aria-labelledby="dash-today">
              <h2 id="dash-today" className={styles.sectionTitle}>
                今日数据（小字为近 30 天合计）
              </h2>
              <div className={styles.figures}>
                {TILES.map((tile) => {
                  const format = tile.format ?? ((n: number) => n.toLocaleString('zh-CN'));
                  return (
                    <Figure
                      key={tile.key}
                      label={tile.label}
                      today={format(data.today[tile.key])}
                      window={format(data.last30Days[tile.key])}
                    />
                  );
                })}
                <Figure label="待审核资源" today={data.pendingReviews.toLocaleString('zh-CN')} />
                <Figure label="已用存储" today={formatBytes(data.storageBytes)} />
              </div>
            </section>
            <section className={styles.section} aria-labelledby="dash-trend">
              <h2 id="dash-trend" className={styles.sectionTitle}>
                近 30 天趋势
              </h2>
              <TrendChart days={data.days} />
            </section>
            {data.scope.kind === 'all' && (
              <section className={styles.section} aria-labelledby="dash-jobs">
                <h2 id="dash-jobs" className={styles.sectionTitle}>
                  后台任务队列
                </h2>
                {data.jobs.some((j) => j.failed > 0) && (
                  <Alert type="warning" showIcon title="有任务多次重试后仍然失败，请查看服务日志。" />
                )}
                {data.jobs.length === 0 ? (
                  <p>队列中没有任务。</p>
                ) : (
                  <Table
                    rowKey="task"
                    size="small"
                    pagination={false}
                    dataSource={data.jobs}
                    columns={[
                      { title: '任务', dataIndex: 'name' },
                      { title: '排队', dataIndex: 'queued', width: 64, align: 'right' },
                      { title: '执行中', dataIndex: 'running', width: 72, align: 'right' },
                      {
                        title: '已放弃',
                        dataIndex: 'failed',
                        width: 72,
                        align: 'right',
                        render: (n: number) => (n > 0 ? <Tag color="error">{n}</Tag> : n),
                      },
                    ]}
                  />
                )}
              </section>
            )}
            {data.converters.length > 0 && (
              <section className={styles.section} aria-labelledby="dash-converters">
                <h2 id="dash-converters" className={styles.sectionTitle}>
                  转换组件
                </h2>
                <ul className={styles.converters} data-testid="dashboard-converters">
                  {data.converters.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </ConsolePage>
    </TouchSize>
  );
};

import { Segmented, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { COMMERCE_PAGE_SIZE, type RevenueItem } from '../api/commerce-api.ts';
import {
  useAnnualAccount,
  useDailyStatistics,
  useMonthly,
  useResourceStatistics,
  useRevenue,
  useSellerStatistics,
} from '../hooks/use-commerce.ts';
import type { EChartsOption } from '../lib/echarts.ts';
import { formatYuan } from '../lib/money.ts';
import { AccountCards } from './account-cards.tsx';
import { AccountTabs, pagination } from './account-tabs.tsx';
import { Chart } from './chart.tsx';
import styles from './commerce.module.css';

const REVENUE_STATES = {
  PENDING: { label: '待结算', color: 'gold' },
  SETTLED: { label: '已结算', color: 'green' },
  REFUNDED: { label: '已退款', color: 'default' },
} as const;

const GREEN = '#0f766e';
const AMBER = '#f59e0b';
const RED = '#ef4444';
const yuan = (fen: number) => Math.round(fen) / 100;
const axisYuan = { type: 'value' as const, name: '元', axisLabel: { formatter: '{value}' } };

/** China time's current year. */
const thisYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

/** /personSpace/account/income/income: the wallet, the annual bill, sales charts and the income records. */
export const IncomePage = () => (
  <section className={styles.panel} aria-labelledby="income-title">
    <header className={styles.panelHeader}>
      <h1 id="income-title" className={styles.panelTitle}>
        我的收入
      </h1>
      <Link className={styles.panelAction} to="/personSpace/account/income/withdrawal">
        申请提现 ›
      </Link>
    </header>
    <AccountTabs area="income" />
    <AccountCards />
    <SellerOverview />
    <div className={styles.columns} style={{ marginTop: 24 }}>
      <DailyChart />
      <MonthlyChart />
    </div>
    <AnnualBill />
    <RevenueTable />
  </section>
);

const SellerOverview = () => {
  const stats = useSellerStatistics();
  if (stats.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (stats.isError) return <LoadError message={errorText(stats.error, '销售概览加载失败')} />;
  const s = stats.data;
  const items = [
    { label: '在售资源', value: `${s.resourcesOnSale} 个` },
    { label: '累计售出', value: `${s.totalSales} 份` },
    { label: '购买人数', value: `${s.buyers} 人` },
    { label: '本月售出', value: `${s.monthSales} 份` },
    { label: '本月收入', value: formatYuan(s.monthIncome) },
  ];
  return (
    <>
      <h2 className={styles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        销售概览
      </h2>
      <div className={styles.cards} data-testid="seller-overview">
        {items.map((i) => (
          <div key={i.label} className={styles.card}>
            <span>{i.label}</span>
            <strong>{i.value}</strong>
          </div>
        ))}
      </div>
    </>
  );
};

const DAY_CHOICES = [
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
  { value: 90, label: '近 90 天' },
];

const DailyChart = () => {
  const [days, setDays] = useState(30);
  const daily = useDailyStatistics(days);
  const option = useMemo<EChartsOption | null>(() => {
    const points = daily.data;
    if (!points) return null;
    return {
      animationDuration: 300,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['收入（元）', '售出（份）'] },
      grid: { left: 48, right: 48, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: points.map((p) => p.date.slice(5)) },
      yAxis: [axisYuan, { type: 'value', name: '份', minInterval: 1 }],
      series: [
        { name: '收入（元）', type: 'line', smooth: true, data: points.map((p) => yuan(p.income)), color: GREEN },
        { name: '售出（份）', type: 'bar', yAxisIndex: 1, data: points.map((p) => p.sales), color: AMBER },
      ],
    };
  }, [daily.data]);
  return (
    <div>
      <header className={styles.panelHeader} style={{ marginBottom: 8 }}>
        <h2 className={styles.panelSubtitle}>每日收入</h2>
        <Segmented
          className={styles.panelAction}
          size="small"
          options={DAY_CHOICES}
          value={days}
          onChange={(v) => setDays(Number(v))}
          aria-label="统计天数"
        />
      </header>
      {daily.isError ? (
        <LoadError message={errorText(daily.error, '每日收入加载失败')} onRetry={() => void daily.refetch()} />
      ) : option ? (
        <Chart option={option} label={`近 ${days} 天每日收入与售出`} testId="chart-daily" />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
};

const yearOptions = () => {
  const year = thisYear();
  return Array.from({ length: 5 }, (_, i) => ({ value: year - i, label: `${year - i} 年` }));
};

const MonthlyChart = () => {
  const [year, setYear] = useState(thisYear);
  const monthly = useMonthly(year);
  const option = useMemo<EChartsOption | null>(() => {
    const months = monthly.data?.months;
    if (!months) return null;
    return {
      animationDuration: 300,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['收入', '支出'] },
      grid: { left: 48, right: 16, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: months.map((m) => `${m.month}月`) },
      yAxis: axisYuan,
      series: [
        { name: '收入', type: 'bar', data: months.map((m) => yuan(m.income)), color: GREEN },
        { name: '支出', type: 'bar', data: months.map((m) => yuan(m.expenditure)), color: RED },
      ],
    };
  }, [monthly.data]);
  return (
    <div>
      <header className={styles.panelHeader} style={{ marginBottom: 8 }}>
        <h2 className={styles.panelSubtitle}>月度收支</h2>
        <Select
          className={styles.panelAction}
          size="small"
          value={year}
          options={yearOptions()}
          onChange={setYear}
          aria-label="收支年份"
          style={{ width: 100 }}
        />
      </header>
      {monthly.isError ? (
        <LoadError message={errorText(monthly.error, '月度收支加载失败')} onRetry={() => void monthly.refetch()} />
      ) : option ? (
        <Chart option={option} label={`${year} 年每月收入与支出`} testId="chart-monthly" />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
};

/** 年度账单: a year's sales, commission, spending, withdrawals and tax. */
const AnnualBill = () => {
  const [year, setYear] = useState(thisYear);
  const bill = useAnnualAccount(year);
  const b = bill.data;
  return (
    <>
      <header className={styles.panelHeader} style={{ margin: '24px 0 12px' }}>
        <h2 className={styles.panelSubtitle}>年度账单</h2>
        <Select
          className={styles.panelAction}
          size="small"
          value={year}
          options={yearOptions()}
          onChange={setYear}
          aria-label="账单年份"
          style={{ width: 100 }}
        />
      </header>
      {bill.isError ? (
        <LoadError message={errorText(bill.error, '年度账单加载失败')} onRetry={() => void bill.refetch()} />
      ) : !b ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className={styles.cards} data-testid="annual-bill">
          {[
            { label: '售出', value: `${b.sales} 份` },
            { label: '销售额', value: formatYuan(b.grossSales) },
            { label: '平台佣金', value: formatYuan(b.commission) },
            { label: '我的收入', value: formatYuan(b.income) },
            { label: `购买资源 ${b.purchases} 份`, value: formatYuan(b.expenditure) },
            { label: '提现', value: formatYuan(b.withdrawn) },
            { label: '代扣个税', value: formatYuan(b.tax) },
            { label: '实际到账', value: formatYuan(b.netWithdrawn) },
          ].map((i) => (
            <div key={i.label} className={styles.card}>
              <span>{i.label}</span>
              <strong>{i.value}</strong>
            </div>
          ))}
        </div>
      )}
    </>
  );
};

/** The income records, and the daily chart of one sold resource picked from them. */
const RevenueTable = () => {
  const [page, setPage] = useState(1);
  const revenue = useRevenue(page);
  const [picked, setPicked] = useState<number | null>(null);
  const items = revenue.data?.objList ?? [];
  const resources = useMemo(() => {
    const seen = new Map<number, string>();
    for (const r of items) if (!seen.has(r.resourceId)) seen.set(r.resourceId, r.title);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [items]);
  const resourceId = picked ?? resources[0]?.value ?? null;

  const columns: ColumnsType<RevenueItem> = [
    { title: '资源', key: 'title', render: (_, r) => r.title },
    { title: '购买人', key: 'buyer', width: 90, render: (_, r) => r.buyer },
    {
      title: '售价',
      key: 'price',
      width: 90,
      render: (_, r) => <span className={styles.money}>{formatYuan(r.price)}</span>,
    },
    {
      title: '平台佣金',
      key: 'commission',
      width: 90,
      render: (_, r) => <span className={styles.money}>{formatYuan(r.commission)}</span>,
    },
    {
      title: '我的收入',
      key: 'income',
      width: 90,
      render: (_, r) => <strong className={styles.money}>{formatYuan(r.income)}</strong>,
    },
    {
      title: '状态',
      key: 'state',
      width: 150,
      render: (_, r) => (
        <>
          <Tag color={REVENUE_STATES[r.state].color}>{REVENUE_STATES[r.state].label}</Tag>
          {r.state === 'PENDING' && <div className={styles.muted}>{formatDate(r.settlesAt)} 结算</div>}
        </>
      ),
    },
    { title: '支付时间', key: 'paidAt', width: 140, render: (_, r) => formatDateTime(r.paidAt) },
  ];

  return (
    <>
      {resources.length > 0 && resourceId !== null && (
        <ResourceChart resourceId={resourceId} choices={resources} onPick={setPicked} />
      )}
      <h2 className={styles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        收入明细
      </h2>
      {revenue.isError && !revenue.data ? (
        <LoadError message={errorText(revenue.error, '收入明细加载失败')} onRetry={() => void revenue.refetch()} />
      ) : (
        <Table
          rowKey="orderNo"
          size="middle"
          loading={revenue.isPending || revenue.isFetching}
          columns={columns}
          dataSource={items}
          pagination={pagination(page, revenue.data?.pageBean.totalCount ?? 0, COMMERCE_PAGE_SIZE, setPage)}
          locale={{
            emptyText: revenue.isPending ? (
              ' '
            ) : (
              <EmptyState title="还没有售出资源" hint="为资源设置价格，售出后收入显示在这里" />
            ),
          }}
          data-testid="revenue-table"
        />
      )}
    </>
  );
};

const ResourceChart = ({
  resourceId,
  choices,
  onPick,
}: {
  resourceId: number;
  choices: { value: number; label: string }[];
  onPick: (id: number) => void;
}) => {
  const stats = useResourceStatistics(resourceId);
  const option = useMemo<EChartsOption | null>(() => {
    const s = stats.data;
    if (!s) return null;
    return {
      animationDuration: 300,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['售出（份）', '下载（次）', '收入（元）'] },
      grid: { left: 48, right: 48, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: s.points.map((p) => p.date.slice(5)) },
      yAxis: [{ type: 'value', name: '份/次', minInterval: 1 }, axisYuan],
      series: [
        { name: '售出（份）', type: 'bar', data: s.points.map((p) => p.sales), color: AMBER },
        { name: '下载（次）', type: 'bar', data: s.points.map((p) => p.downloads), color: '#60a5fa' },
        {
          name: '收入（元）',
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: s.points.map((p) => yuan(p.income)),
          color: GREEN,
        },
      ],
    };
  }, [stats.data]);
  return (
    <>
      <header className={styles.panelHeader} style={{ margin: '24px 0 8px' }}>
        <h2 className={styles.panelSubtitle}>单个资源</h2>
        <Select
          className={styles.panelAction}
          size="small"
          value={resourceId}
          options={choices}
          onChange={onPick}
          aria-label="选择资源"
          style={{ width: 320 }}
        />
      </header>
      {stats.data && (
        <p className={styles.muted} data-testid="resource-stats">
          售价 {formatYuan(stats.data.price)} · 累计售出 {stats.data.totalSales} 份 · 累计收入{' '}
          {formatYuan(stats.data.totalIncome)} · 累计下载 {stats.data.totalDownloads} 次（图为近 30 天）
        </p>
      )}
      {stats.isError ? (
        <LoadError message={errorText(stats.error, '资源统计加载失败')} onRetry={() => void stats.refetch()} />
      ) : option ? (
        <Chart option={option} label="该资源近 30 天每日售出、下载与收入" testId="chart-resource" />
      ) : (
        <Skeleton active />
      )}
    </>
  );
};

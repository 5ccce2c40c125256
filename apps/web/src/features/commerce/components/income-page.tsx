import { chinaYear, formatYuan } from '@zyk/shared';
import { Segmented, Select, Skeleton, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EChart } from '../../../components/echart.tsx';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import type { EChartsOption } from '../../../lib/echarts.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import type { RevenueItem } from '../api/commerce-api.ts';
import {
  useAnnualAccount,
  useDailyStatistics,
  useMonthly,
  useResourceStatistics,
  useRevenue,
  useSellerStatistics,
} from '../hooks/use-commerce.ts';
import { loadEcharts } from '../lib/echarts.ts';
import { AccountCards } from './account-cards.tsx';
import { AccountPage } from './account-tabs.tsx';
import styles from './commerce.module.css';
import { MoneyTable } from './money-table.tsx';

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

/** A chart over categories (days, months) with its legend above the plot, naming the series in order. */
const axisChart = ({
  right,
  categories,
  yAxis,
  series,
}: {
  right: number;
  categories: string[];
  yAxis: unknown;
  series: { name: string; [key: string]: unknown }[];
}): EChartsOption => ({
  animationDuration: 300,
  tooltip: { trigger: 'axis' },
  legend: { top: 0, data: series.map((s) => s.name) },
  grid: { left: 48, right, top: 48, bottom: 32 },
  xAxis: { type: 'category', data: categories },
  yAxis,
  series,
});

/** A chart's place: the reason it could not load (with a retry), the chart, or a skeleton while it loads. */
const ChartBody = ({
  query,
  what,
  option,
  label,
  testId,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  what: string;
  option: EChartsOption | null;
  label: string;
  testId: string;
}) =>
  query.isError ? (
    <LoadError message={errorText(query.error, `${what}加载失败`)} onRetry={() => void query.refetch()} />
  ) : option ? (
    <EChart option={option} load={loadEcharts} label={label} testId={testId} />
  ) : (
    <Skeleton active />
  );

/** A section's heading with its control (a picker) on the right. */
const SectionHeader = ({
  title,
  margin,
  children,
}: {
  title: string;
  margin: { marginBottom: number } | { margin: string };
  children: ReactNode;
}) => (
  <header className={styles.panelHeader} style={margin}>
    <h2 className={panelStyles.panelSubtitle}>{title}</h2>
    {children}
  </header>
);

/** A row of figure cards. */
const Cards = ({ items, testId }: { items: { label: string; value: string }[]; testId: string }) => (
  <div className={styles.cards} data-testid={testId}>
    {items.map((i) => (
      <div key={i.label} className={styles.card}>
        <span>{i.label}</span>
        <strong>{i.value}</strong>
      </div>
    ))}
  </div>
);

/** China time's current year. */

/** /personSpace/account/income/income: the wallet, the annual bill, sales charts and the income records. */
export const IncomePage = () => (
  <AccountPage
    id="income-title"
    title="我的收入"
    area="income"
    action={
      <Link className={panelStyles.panelAction} to="/personSpace/account/income/withdrawal">
        申请提现 ›
      </Link>
    }
  >
    <AccountCards />
    <SellerOverview />
    <div className={styles.columns} style={{ marginTop: 24 }}>
      <DailyChart />
      <MonthlyChart />
    </div>
    <AnnualBill />
    <RevenueTable />
  </AccountPage>
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
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        销售概览
      </h2>
      <Cards items={items} testId="seller-overview" />
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
    return axisChart({
      right: 48,
      categories: points.map((p) => p.date.slice(5)),
      yAxis: [axisYuan, { type: 'value', name: '份', minInterval: 1 }],
      series: [
        { name: '收入（元）', type: 'line', smooth: true, data: points.map((p) => yuan(p.income)), color: GREEN },
        { name: '售出（份）', type: 'bar', yAxisIndex: 1, data: points.map((p) => p.sales), color: AMBER },
      ],
    });
  }, [daily.data]);
  return (
    <div>
      <SectionHeader title="每日收入" margin={{ marginBottom: 8 }}>
        <Segmented
          className={panelStyles.panelAction}
          size="small"
          options={DAY_CHOICES}
          value={days}
          onChange={(v) => setDays(Number(v))}
          aria-label="统计天数"
        />
      </SectionHeader>
      <ChartBody
        query={daily}
        what="每日收入"
        option={option}
        label={`近 ${days} 天每日收入与售出`}
        testId="chart-daily"
      />
    </div>
  );
};

const yearOptions = () => {
  const year = chinaYear();
  return Array.from({ length: 5 }, (_, i) => ({ value: year - i, label: `${year - i} 年` }));
};

/** One of the last five years. */
const YearSelect = ({ value, onChange, label }: { value: number; onChange: (year: number) => void; label: string }) => (
  <Select
    className={panelStyles.panelAction}
    size="small"
    value={value}
    options={yearOptions()}
    onChange={onChange}
    aria-label={label}
    style={{ width: 100 }}
  />
);

const MonthlyChart = () => {
  const [year, setYear] = useState(chinaYear);
  const monthly = useMonthly(year);
  const option = useMemo<EChartsOption | null>(() => {
    const months = monthly.data?.months;
    if (!months) return null;
    return axisChart({
      right: 16,
      categories: months.map((m) => `${m.month}月`),
      yAxis: axisYuan,
      series: [
        { name: '收入', type: 'bar', data: months.map((m) => yuan(m.income)), color: GREEN },
        { name: '支出', type: 'bar', data: months.map((m) => yuan(m.expenditure)), color: RED },
      ],
    });
  }, [monthly.data]);
  return (
    <div>
      <SectionHeader title="月度收支" margin={{ marginBottom: 8 }}>
        <YearSelect value={year} onChange={setYear} label="收支年份" />
      </SectionHeader>
      <ChartBody
        query={monthly}
        what="月度收支"
        option={option}
        label={`${year} 年每月收入与支出`}
        testId="chart-monthly"
      />
    </div>
  );
};

/** 年度账单: a year's sales, commission, spending, withdrawals and tax. */
const AnnualBill = () => {
  const [year, setYear] = useState(chinaYear);
  const bill = useAnnualAccount(year);
  const b = bill.data;
  return (
    <>
      <SectionHeader title="年度账单" margin={{ margin: '24px 0 12px' }}>
        <YearSelect value={year} onChange={setYear} label="账单年份" />
      </SectionHeader>
      {bill.isError ? (
        <LoadError message={errorText(bill.error, '年度账单加载失败')} onRetry={() => void bill.refetch()} />
      ) : !b ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Cards
          testId="annual-bill"
          items={[
            { label: '售出', value: `${b.sales} 份` },
            { label: '销售额', value: formatYuan(b.grossSales) },
            { label: '平台佣金', value: formatYuan(b.commission) },
            { label: '我的收入', value: formatYuan(b.income) },
            { label: `购买资源 ${b.purchases} 份`, value: formatYuan(b.expenditure) },
            { label: '提现', value: formatYuan(b.withdrawn) },
            { label: '代扣个税', value: formatYuan(b.tax) },
            { label: '实际到账', value: formatYuan(b.netWithdrawn) },
          ]}
        />
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
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        收入明细
      </h2>
      <MoneyTable
        list={revenue}
        page={page}
        onPage={setPage}
        failure="收入明细加载失败"
        empty={<EmptyState title="还没有售出资源" hint="为资源设置价格，售出后收入显示在这里" />}
        testId="revenue-table"
        rowKey="orderNo"
        columns={columns}
      />
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
    return axisChart({
      right: 48,
      categories: s.points.map((p) => p.date.slice(5)),
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
    });
  }, [stats.data]);
  return (
    <>
      <SectionHeader title="单个资源" margin={{ margin: '24px 0 8px' }}>
        <Select
          className={panelStyles.panelAction}
          size="small"
          value={resourceId}
          options={choices}
          onChange={onPick}
          aria-label="选择资源"
          style={{ width: 320, maxWidth: '100%' }}
        />
      </SectionHeader>
      {stats.data && (
        <p className={styles.muted} data-testid="resource-stats">
          售价 {formatYuan(stats.data.price)} · 累计售出 {stats.data.totalSales} 份 · 累计收入{' '}
          {formatYuan(stats.data.totalIncome)} · 累计下载 {stats.data.totalDownloads} 次（图为近 30 天）
        </p>
      )}
      <ChartBody
        query={stats}
        what="资源统计"
        option={option}
        label="该资源近 30 天每日售出、下载与收入"
        testId="chart-resource"
      />
    </>
  );
};

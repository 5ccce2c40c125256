import { formatYuan, INVOICE_STATUS, INVOICE_TITLE_TYPES, ORDER_STATUS_LABELS } from '@zyk/shared';
import { Button, message, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { usePayMethodLabels } from '../../../lib/client-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { detailsPath } from '../../../lib/resource-paths.ts';
import type { ExpenditureItem, InvoiceRecord, Order, OrderStatus } from '../api/commerce-api.ts';
import {
  useAccountInfo,
  useCancelOrder,
  useCoupons,
  useDeleteOrder,
  useExpenditure,
  useInvoiceRecords,
  useOrders,
} from '../hooks/use-commerce.ts';
import { AccountPage } from './account-tabs.tsx';
import styles from './commerce.module.css';
import { MoneyTable } from './money-table.tsx';
import { CouponText } from './pay-page.tsx';

const ORDER_COLORS = {
  PENDING: 'gold',
  PAID: 'green',
  CANCELLED: 'default',
  CLOSED: 'default',
  REFUNDED: 'blue',
} as const;
const INVOICE_COLORS = { REQUESTED: 'gold', ISSUED: 'green', REJECTED: 'red' } as const;

const TABS = ['expenditure', 'orders', 'coupons'] as const;
type Tab = (typeof TABS)[number];

/** /personSpace/account/expenditure/expenditure: spending, my orders and my coupons. */
export const ExpenditurePage = () => {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'expenditure';
  const account = useAccountInfo();
  return (
    <AccountPage
      id="expenditure-title"
      title="我的支出"
      area="expenditure"
      action={
        account.data && (
          <span className={panelStyles.panelAction}>
            账户余额 <strong className={styles.price}>{formatYuan(account.data.balance)}</strong>
          </span>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'expenditure' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'expenditure', label: '支出明细', children: <ExpenditureTable /> },
          { key: 'orders', label: '我的订单', children: <OrderTable /> },
          { key: 'coupons', label: '优惠券', children: <CouponLists /> },
        ]}
      />
    </AccountPage>
  );
};

const ExpenditureTable = () => {
  const payMethodLabels = usePayMethodLabels();
  const [page, setPage] = useState(1);
  const list = useExpenditure(page);
  const columns: ColumnsType<ExpenditureItem> = [
    { title: '资源', key: 'title', render: (_, r) => <Link to={`/pay?orderNo=${r.orderNo}`}>{r.title}</Link> },
    {
      title: '价格',
      key: 'price',
      width: 90,
      render: (_, r) => <span className={styles.money}>{formatYuan(r.price)}</span>,
    },
    {
      title: '优惠',
      key: 'discount',
      width: 90,
      render: (_, r) => <span className={styles.money}>{r.discount ? `-${formatYuan(r.discount)}` : '—'}</span>,
    },
    {
      title: '实付',
      key: 'payAmount',
      width: 90,
      render: (_, r) => <strong className={styles.money}>{formatYuan(r.payAmount)}</strong>,
    },
    { title: '支付方式', key: 'payMethod', width: 90, render: (_, r) => payMethodLabels[r.payMethod] },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={ORDER_COLORS[r.status]}>{ORDER_STATUS_LABELS[r.status]}</Tag>
          {r.invoiced && <Tag color="cyan">已开票</Tag>}
        </>
      ),
    },
    { title: '支付时间', key: 'paidAt', width: 140, render: (_, r) => formatDateTime(r.paidAt) },
  ];
  return (
    <MoneyTable
      list={list}
      page={page}
      onPage={setPage}
      failure="支出明细加载失败"
      empty={<EmptyState title="还没有支出" hint="购买的资源会显示在这里" />}
      testId="expenditure-table"
      rowKey="orderNo"
      columns={columns}
    />
  );
};

const STATUS_FILTERS: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: '全部' },
  ...(Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

const OrderTable = () => {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useOrders(status, page);
  const cancel = useCancelOrder();
  const remove = useDeleteOrder();
  const [toast, toastHolder] = message.useMessage();
  const fail = (error: unknown) => void toast.error(errorText(error, '操作失败，请稍后重试'));
  const columns: ColumnsType<Order> = [
    {
      title: '订单号',
      key: 'orderNo',
      width: 190,
      render: (_, o) => <span className={styles.money}>{o.orderNo}</span>,
    },
    {
      title: '资源',
      key: 'title',
      render: (_, o) => <Link to={detailsPath(o.resourceType, o.resourceId)}>{o.title}</Link>,
    },
    {
      title: '实付',
      key: 'payAmount',
      width: 90,
      render: (_, o) => <span className={styles.money}>{formatYuan(o.payAmount)}</span>,
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, o) => <Tag color={ORDER_COLORS[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Tag>,
    },
    { title: '下单时间', key: 'createdAt', width: 140, render: (_, o) => formatDateTime(o.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, o) =>
        o.status === 'PENDING' ? (
          <span className={styles.actions}>
            <Link to={`/pay?orderNo=${o.orderNo}`}>继续支付</Link>
            <Popconfirm
              title="确定取消该订单？"
              okText="取消订单"
              cancelText="再想想"
              onConfirm={() => cancel.mutateAsync(o.orderNo).then(() => void toast.success('订单已取消'), fail)}
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          </span>
        ) : (
          <span className={styles.actions}>
            <Link to={`/pay?orderNo=${o.orderNo}`}>详情</Link>
            <Popconfirm
              title="从我的订单中删除（记录仍会保留）？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(o.orderNo).then(() => void toast.success('已删除'), fail)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </span>
        ),
    },
  ];
  return (
    <>
      {toastHolder}
      <ChoiceFilter
        label="订单状态"
        options={STATUS_FILTERS}
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? null : v);
          setPage(1);
        }}
      />
      <MoneyTable
        list={list}
        page={page}
        onPage={setPage}
        failure="订单加载失败"
        empty={<EmptyState title="没有订单" />}
        testId="order-table"
        style={{ marginTop: 16 }}
        rowKey="orderNo"
        columns={columns}
      />
    </>
  );
};

const CouponLists = () => {
  const usable = useCoupons(true, null);
  const unusable = useCoupons(false, null);
  const list = (query: typeof usable, empty: string, disabled: boolean) =>
    query.isPending ? (
      <Skeleton active paragraph={{ rows: 2 }} />
    ) : query.isError ? (
      <LoadError message={errorText(query.error, '优惠券加载失败')} onRetry={() => void query.refetch()} />
    ) : query.data.length === 0 ? (
      <EmptyState title={empty} />
    ) : (
      <div className={styles.options}>
        {query.data.map((c) => (
          <div key={c.id} className={disabled ? `${styles.coupon} ${styles.couponDisabled}` : styles.coupon}>
            <CouponText coupon={c} />
          </div>
        ))}
      </div>
    );
  return (
    <div data-testid="coupon-lists">
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '0 0 12px' }}>
        可用优惠券
      </h2>
      {list(usable, '没有可用的优惠券', false)}
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        不可用优惠券
      </h2>
      {list(unusable, '没有不可用的优惠券', true)}
    </div>
  );
};

/** The invoice requests, newest first, with their orders. */
export const InvoiceRecordTable = ({ testId }: { testId: string }) => {
  const [page, setPage] = useState(1);
  const list = useInvoiceRecords(page);
  const columns: ColumnsType<InvoiceRecord> = [
    { title: '申请时间', key: 'createdAt', width: 140, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '抬头',
      key: 'title',
      render: (_, r) => (
        <>
          <Tag>{INVOICE_TITLE_TYPES[r.titleType]}</Tag>
          {r.title}
          {r.taxNumber && <div className={styles.muted}>税号 {r.taxNumber}</div>}
        </>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      width: 90,
      render: (_, r) => <span className={styles.money}>{formatYuan(r.amount)}</span>,
    },
    { title: '接收邮箱', key: 'email', render: (_, r) => r.email },
    {
      title: '订单',
      key: 'orders',
      render: (_, r) => (r.orders.length ? r.orders.map((o) => <div key={o.id}>{o.title}</div>) : '—'),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <>
          <Tag color={INVOICE_COLORS[r.status]}>{INVOICE_STATUS[r.status]}</Tag>
          {r.invoiceNo && <div className={styles.muted}>发票号码 {r.invoiceNo}</div>}
          {r.reviewNote && <div className={styles.note}>{r.reviewNote}</div>}
        </>
      ),
    },
  ];
  return (
    <MoneyTable
      list={list}
      page={page}
      onPage={setPage}
      failure="开票记录加载失败"
      empty={<EmptyState title="还没有开票记录" hint={<Link to="/invoicing">申请开票</Link>} />}
      testId={testId}
      rowKey="id"
      columns={columns}
    />
  );
};

/** /personSpace/account/expenditure/invoicerecords. */
export const InvoiceRecordsPage = () => (
  <AccountPage
    id="invoices-title"
    title="开票记录"
    area="expenditure"
    action={
      <Link className={panelStyles.panelAction} to="/invoicing">
        申请开票 ›
      </Link>
    }
  >
    <InvoiceRecordTable testId="invoice-records" />
  </AccountPage>
);

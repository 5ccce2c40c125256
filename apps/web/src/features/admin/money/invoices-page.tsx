import {
  ADMIN_INVOICE_STATUS_LABELS,
  type AdminInvoiceItem,
  formatYuan,
  INVOICE_NO_PATTERN,
  INVOICE_TITLE_TYPES,
} from '@zyk/shared';
import { Button, message, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type InvoiceQuery, MONEY_PAGE_SIZE } from '../api/money-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useInvoices, useIssueInvoice, useRejectInvoice } from '../hooks/use-money.ts';
import styles from './money.module.css';
import {
  DistrictOnly,
  MoneyList,
  PersonCell,
  PromptDialog,
  type PromptRequest,
  reasonRequest,
  StatusTag,
  useDistrictScope,
} from './money-parts.tsx';

/**
 * /admin/invoices: invoice requests, waiting ones first, with the title, tax number, amount and orders. 开具 records
 * the invoice number (the user is told where it goes); 驳回 frees the orders for another request.
 */
export const InvoicesPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [query, setQuery] = useState<InvoiceQuery>({ current: 1, size: MONEY_PAGE_SIZE, status: 'REQUESTED' });
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const district = useDistrictScope();
  const list = useInvoices(query, district);
  const issueRequest = useIssueInvoice();
  const rejectRequest = useRejectInvoice();

  const act = (run: () => Promise<unknown>, done: string) => async () => {
    try {
      await run();
      void toast.success(done);
    } catch (error) {
      void toast.error(errorText(error, '操作失败，请稍后重试'));
      throw error;
    }
  };
  const issue = (row: AdminInvoiceItem) =>
    setPrompt({
      title: `开具发票：${row.title}（${formatYuan(row.amount)}）`,
      label: '发票号码',
      okText: '登记开具',
      placeholder: '6-32 位字母、数字或“-”',
      rules: [{ pattern: INVOICE_NO_PATTERN, message: '发票号码须为 6-32 位字母、数字或“-”' }],
      onSubmit: (invoiceNo) =>
        act(() => issueRequest.mutateAsync({ id: row.id, invoiceNo }), `已登记发票号码 ${invoiceNo}`)(),
    });
  const reject = (row: AdminInvoiceItem) =>
    setPrompt(
      reasonRequest(`驳回开票申请：${row.title}`, (reason) =>
        act(() => rejectRequest.mutateAsync({ id: row.id, reason }), '已驳回，相关订单可重新申请开票')(),
      ),
    );

  const columns: TableProps<AdminInvoiceItem>['columns'] = [
    { title: '申请人', key: 'user', width: 120, render: (_, r) => <PersonCell {...r} /> },
    {
      title: '抬头',
      key: 'title',
      width: 230,
      render: (_, r) => (
        <span className={styles.stack}>
          <strong>{r.title}</strong>
          <span className={styles.muted}>
            {INVOICE_TITLE_TYPES[r.titleType]}
            {r.taxNumber ? ` · 税号 ${r.taxNumber}` : ''}
          </span>
          <span className={styles.muted}>{r.email}</span>
        </span>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      width: 110,
      align: 'right',
      render: (_, r) => <strong className={styles.money}>{formatYuan(r.amount)}</strong>,
    },
    {
      title: '订单',
      key: 'orders',
      width: 260,
      render: (_, r) =>
        r.orders.length === 0 ? (
          <span className={styles.muted}>已释放</span>
        ) : (
          <ul className={styles.orders}>
            {r.orders.map((o) => (
              <li key={o.id}>
                {o.title}{' '}
                <span className={styles.muted}>
                  {formatYuan(o.payAmount)} · {o.orderNo}
                </span>
              </li>
            ))}
          </ul>
        ),
    },
    { title: '申请时间', key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, r) => (
        <span className={styles.stack}>
          <StatusTag status={r.status} labels={ADMIN_INVOICE_STATUS_LABELS} />
          {r.invoiceNo && <span className={styles.muted}>{r.invoiceNo}</span>}
          {r.reviewNote && <span className={styles.muted}>{r.reviewNote}</span>}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'REQUESTED' ? (
          <Space size={4} wrap>
            <Button type="link" onClick={() => issue(r)} aria-label={`开具 ${r.title} 的发票`}>
              开具
            </Button>
            <Button type="link" danger onClick={() => reject(r)} aria-label={`驳回 ${r.title} 的开票申请`}>
              驳回
            </Button>
          </Space>
        ) : (
          <span className={styles.muted}>{formatDateTime(r.reviewedAt)}</span>
        ),
    },
  ];

  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage
        title="发票"
        description="按抬头与税号开具发票后登记发票号码，用户会收到通知；驳回后其订单可重新申请开票。"
      >
        <DistrictOnly>
          <MoneyList
            filtersLabel="筛选开票申请"
            statusLabel="发票状态"
            statusLabels={ADMIN_INVOICE_STATUS_LABELS}
            query={query}
            setQuery={setQuery}
            list={list}
            loadErrorText="开票申请加载失败"
            tableLabel="开票申请列表"
            emptyText="没有符合条件的开票申请"
            testId="invoice-table"
            columns={columns}
            scrollX={1180}
          />
          <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

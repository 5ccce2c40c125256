import { ADMIN_WITHDRAWAL_STATUS_LABELS, type AdminWithdrawalItem, formatYuan } from '@zyk/shared';
import { Button, message, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MONEY_PAGE_SIZE, type WithdrawalQuery } from '../api/money-api.ts';
import { useConfirmPassword } from '../components/confirm-password.tsx';
import { ConsolePage } from '../components/console-page.tsx';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawals } from '../hooks/use-money.ts';
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
 * /admin/withdrawals: withdrawal requests, pending first. 确认打款 records that the net amount was paid to the
 * Alipay account (after the administrator's password again); 驳回 returns the amount to the teacher's income.
 */
export const WithdrawalsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [askPassword, passwordHolder] = useConfirmPassword();
  const [query, setQuery] = useState<WithdrawalQuery>({ current: 1, size: MONEY_PAGE_SIZE, status: 'PENDING' });
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const district = useDistrictScope();
  const list = useWithdrawals(query, district);
  const approveRequest = useApproveWithdrawal();
  const rejectRequest = useRejectWithdrawal();

  const pay = async (row: AdminWithdrawalItem) => {
    const password = await askPassword(`确认已向 ${row.realName} 打款 ${formatYuan(row.netAmount)}`);
    if (password === null) return;
    setPaying(row.id);
    try {
      await approveRequest.mutateAsync({ id: row.id, confirmPassword: password });
      void toast.success(`已确认打款 ${formatYuan(row.netAmount)}（代扣个税 ${formatYuan(row.tax)}）`);
    } catch (error) {
      void toast.error(errorText(error, '操作失败，请稍后重试'));
    } finally {
      setPaying(null);
    }
  };
  const reject = (row: AdminWithdrawalItem) =>
    setPrompt(
      reasonRequest(`驳回 ${row.realName} 的 ${formatYuan(row.amount)} 提现`, async (reason) => {
        try {
          await rejectRequest.mutateAsync({ id: row.id, reason });
          void toast.success(`已驳回，${formatYuan(row.amount)} 已退回可提现收入`);
        } catch (error) {
          void toast.error(errorText(error, '操作失败，请稍后重试'));
          throw error;
        }
      }),
    );

  const money = (fen: number) => <span className={styles.money}>{formatYuan(fen)}</span>;
  const columns: TableProps<AdminWithdrawalItem>['columns'] = [
    { title: '申请人', key: 'user', width: 130, render: (_, r) => <PersonCell {...r} /> },
    { title: '提现金额', key: 'amount', width: 110, align: 'right', render: (_, r) => money(r.amount) },
    { title: '代扣个税', key: 'tax', width: 100, align: 'right', render: (_, r) => money(r.tax) },
    {
      title: '实发金额',
      key: 'net',
      width: 110,
      align: 'right',
      render: (_, r) => <strong>{money(r.netAmount)}</strong>,
    },
    {
      title: '收款支付宝',
      key: 'alipay',
      width: 190,
      render: (_, r) => (
        <span className={styles.stack}>
          <span>{r.alipayNickname || '—'}</span>
          <span className={styles.muted}>{r.alipayAccount}</span>
        </span>
      ),
    },
    { title: '申请时间', key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <span className={styles.stack}>
          <StatusTag status={r.status} labels={ADMIN_WITHDRAWAL_STATUS_LABELS} />
          {r.reviewNote && <span className={styles.muted}>{r.reviewNote}</span>}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'PENDING' ? (
          <Space size={4} wrap>
            <Button
              type="link"
              loading={paying === r.id}
              onClick={() => void pay(r)}
              aria-label={`确认打款给 ${r.realName}`}
            >
              确认打款
            </Button>
            <Button type="link" danger onClick={() => reject(r)} aria-label={`驳回 ${r.realName} 的提现`}>
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
      {passwordHolder}
      <ConsolePage
        title="提现审核"
        description={
          list.data
            ? `待打款合计 ${formatYuan(list.data.pendingTotal)}。向用户的支付宝打出实发金额后点“确认打款”（需再次输入登录密码）；驳回则金额退回其可提现收入。`
            : '向用户的支付宝打出实发金额后点“确认打款”（需再次输入登录密码）；驳回则金额退回其可提现收入。'
        }
      >
        <DistrictOnly>
          <MoneyList
            filtersLabel="筛选提现申请"
            statusLabel="提现状态"
            statusLabels={ADMIN_WITHDRAWAL_STATUS_LABELS}
            query={query}
            setQuery={setQuery}
            list={list}
            loadErrorText="提现申请加载失败"
            tableLabel="提现申请列表"
            emptyText="没有符合条件的提现申请"
            testId="withdrawal-table"
            columns={columns}
            scrollX={1110}
          />
          <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

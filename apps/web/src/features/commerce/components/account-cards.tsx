import { formatYuan } from '@zyk/shared';
import { Skeleton } from 'antd';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { useAccountInfo } from '../hooks/use-commerce.ts';
import styles from './commerce.module.css';

/** The wallet at a glance: balance, income by state, withdrawals and tax. */
export const AccountCards = ({ compact = false }: { compact?: boolean }) => {
  const account = useAccountInfo();
  if (account.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (account.isError) {
    return <LoadError message={errorText(account.error, '账户信息加载失败')} onRetry={() => void account.refetch()} />;
  }
  const a = account.data;
  const cards = [
    { label: '账户余额', value: a.balance, hint: '可用于购买资源', main: true },
    { label: '可提现收入', value: a.availableIncome, hint: '已结算，可申请提现', main: true },
    { label: '待结算收入', value: a.pendingIncome, hint: `售出 ${a.rules.settlementDays} 天后结算` },
    { label: '提现中', value: a.withdrawing, hint: '审核中的提现' },
    ...(compact
      ? []
      : [
          { label: '累计收入', value: a.totalIncome, hint: `已扣平台佣金 ${a.rules.commissionPercent}%` },
          { label: '累计提现', value: a.totalWithdrawn, hint: '含代扣个税' },
          { label: '累计代扣个税', value: a.totalTax, hint: '劳务报酬所得' },
        ]),
  ];
  return (
    <div className={styles.cards} data-testid="account-cards">
      {cards.map((c) => (
        <div key={c.label} className={c.main ? `${styles.card} ${styles.cardMain}` : styles.card}>
          <span>{c.label}</span>
          <strong data-testid={`account-${c.label}`}>{formatYuan(c.value)}</strong>
          <span className={styles.cardHint}>{c.hint}</span>
        </div>
      ))}
    </div>
  );
};

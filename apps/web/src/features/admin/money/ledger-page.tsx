import { formatYuan } from '@zyk/shared';
import { Alert, Button, Card, List, Result, Statistic } from 'antd';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useLedger } from '../hooks/use-money.ts';
import styles from './money.module.css';
import { DistrictOnly, useDistrictScope } from './money-parts.tsx';

const TOTALS = [
  ['sales', '销售额（已扣除退款）'],
  ['commission', '平台佣金'],
  ['taxWithheld', '代扣个人所得税'],
  ['pendingPayouts', '待打款'],
  ['paidOut', '已打款（实发）'],
  ['couponFunded', '平台承担的优惠券'],
  ['balances', '用户余额合计'],
  ['incomePending', '待结算收入'],
  ['incomeAvailable', '可提现收入'],
] as const;

/**
 * /admin/ledger: runs the ledger check (every transaction balanced, every kept balance equal to its lines, no user
 * account negative) and shows the platform's totals as the ledger records them.
 */
export const LedgerPage = () => {
  const district = useDistrictScope();
  const ledger = useLedger(district);
  const report = ledger.data;
  return (
    <TouchSize>
      <ConsolePage
        title="账本核对"
        description="核对每笔交易借贷平衡、每个账户余额等于其分录合计、用户账户不为负，并按账本汇总平台资金。"
        actions={
          <Button onClick={() => void ledger.refetch()} loading={ledger.isFetching} disabled={!district}>
            重新核对
          </Button>
        }
      >
        <DistrictOnly>
          {ledger.isError ? (
            <LoadError message={errorText(ledger.error, '账本核对失败')} onRetry={() => void ledger.refetch()} />
          ) : !report ? (
            <Card loading aria-busy="true" />
          ) : (
            <div className={styles.section}>
              <Card size="small" data-testid="ledger-result">
                <Result
                  status={report.consistent ? 'success' : 'error'}
                  title={report.consistent ? '账本一致' : '账本有问题'}
                  subTitle={`${report.accounts} 个账户，${report.transactions} 笔交易 · 核对于 ${formatDateTime(report.checkedAt)}`}
                />
                {!report.consistent && (
                  <List
                    size="small"
                    header={<strong>发现的问题</strong>}
                    dataSource={report.problems}
                    renderItem={(p) => (
                      <List.Item>
                        <Alert type="error" showIcon title={p.problem} description={p.detail} />
                      </List.Item>
                    )}
                  />
                )}
              </Card>
              <div className={styles.totals} data-testid="ledger-totals">
                {TOTALS.map(([key, label]) => (
                  <Card key={key} size="small">
                    <Statistic title={label} value={formatYuan(report.totals[key])} />
                  </Card>
                ))}
              </div>
            </div>
          )}
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

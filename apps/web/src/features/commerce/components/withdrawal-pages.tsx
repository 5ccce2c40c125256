import { formatYuan, WITHDRAWAL_STATUS_LABELS, yuanTextToFen } from '@zyk/shared';
import { Alert, Button, Descriptions, Form, Input, message, Result, Skeleton, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type CSSProperties, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { WithdrawalItem } from '../api/commerce-api.ts';
import {
  useAccountInfo,
  useAlipayBinding,
  useRequestWithdrawal,
  useWithdrawalPreview,
  useWithdrawals,
} from '../hooks/use-commerce.ts';
import { createIntentKeys } from '../lib/intent-key.ts';
import { AccountPage } from './account-tabs.tsx';
import styles from './commerce.module.css';
import { FormFooter } from './form-footer.tsx';
import { MoneyTable } from './money-table.tsx';
import { PayPasswordDialog } from './pay-password-dialog.tsx';

/** What a person typed as a withdrawal in fen: at most two decimals and a million yuan; null otherwise. */
const withdrawalFen = (text: string) => yuanTextToFen(text.trim(), 7);

const STATUS_COLORS = { PENDING: 'gold', PAID: 'green', REJECTED: 'red' } as const;

/** Auth codes already sent (a code works once; React may run the effect twice). */
const handledCodes = new Set<string>();

/** /personSpace/account/income/withdrawal: the Alipay account to be paid to, and a withdrawal with its tax. */
export const WithdrawalPage = () => {
  const account = useAccountInfo();
  return (
    <AccountPage id="withdrawal-title" title="申请提现" area="income">
      <AlipayReturn />
      {account.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : account.isError ? (
        <LoadError message={errorText(account.error, '账户信息加载失败')} onRetry={() => void account.refetch()} />
      ) : (
        <>
          <AlipayBinding alipay={account.data.alipay} />
          <WithdrawalForm />
        </>
      )}
    </AccountPage>
  );
};

/** Back from Alipay's authorization with `auth_code` and `state`: finish the binding, then clean the address. */
const AlipayReturn = () => {
  const [params, setParams] = useSearchParams();
  const binding = useAlipayBinding();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const code = params.get('auth_code');
  const state = params.get('state') ?? '';
  useEffect(() => {
    if (!code || handledCodes.has(code)) return;
    handledCodes.add(code);
    const purpose = state.startsWith('replace.') ? 'replace' : 'bind';
    binding.mutate(
      { purpose, auth: { code, state } },
      {
        onSuccess: (b) =>
          setOutcome({ ok: true, text: `已${purpose === 'replace' ? '更换' : '绑定'}支付宝账户：${b.nickname ?? ''}` }),
        onError: (error) => setOutcome({ ok: false, text: errorText(error, '支付宝绑定失败，请重新发起绑定') }),
        onSettled: () => setParams({}, { replace: true }),
      },
    );
  }, [code, state, binding, setParams]);
  if (binding.isPending) return <Alert className={styles.notice} type="info" showIcon title="正在完成支付宝绑定…" />;
  if (!outcome) return null;
  return (
    <Alert
      className={styles.notice}
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      closable
      title={outcome.text}
      data-testid="alipay-outcome"
    />
  );
};

type Alipay = NonNullable<ReturnType<typeof useAccountInfo>['data']>['alipay'];

const AlipayBinding = ({ alipay }: { alipay: Alipay }) => {
  const start = useAlipayBinding();
  const [toast, toastHolder] = message.useMessage();
  const go = (purpose: 'bind' | 'replace') =>
    start.mutate(
      { purpose },
      {
        onSuccess: (b) => {
          if (b.authorizeUrl) window.location.assign(b.authorizeUrl);
        },
        onError: (error) => void toast.error(errorText(error, '无法发起支付宝授权，请稍后重试')),
      },
    );
  return (
    <>
      {toastHolder}
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '0 0 12px' }}>
        收款账户
      </h2>
      {alipay.bound ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          bordered
          data-testid="alipay-bound"
          items={[
            { key: 'nickname', label: '支付宝昵称', children: alipay.nickname },
            { key: 'account', label: '支付宝账户', children: alipay.account },
            { key: 'boundAt', label: '绑定时间', children: formatDateTime(alipay.boundAt) },
          ]}
          extra={null}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title="尚未绑定支付宝账户"
          description="提现款项打入绑定的支付宝账户，请先授权绑定。"
        />
      )}
      <div className={styles.actions} style={{ marginTop: 12 }}>
        <Button
          type={alipay.bound ? 'default' : 'primary'}
          loading={start.isPending}
          onClick={() => go(alipay.bound ? 'replace' : 'bind')}
        >
          {alipay.bound ? '更换支付宝账户' : '绑定支付宝'}
        </Button>
      </div>
    </>
  );
};

/** The tax on a withdrawal of `fen` as the server reckons it: the amount, the tax withheld and what is left. */
const TaxPreview = ({
  fen,
  netLabel,
  style,
  testId,
}: {
  fen: number | null;
  netLabel: string;
  style: CSSProperties;
  testId: string;
}) => {
  const preview = useWithdrawalPreview(fen);
  if (fen === null || fen <= 0 || !preview.data) return null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      bordered
      style={style}
      data-testid={testId}
      items={[
        { key: 'amount', label: '提现金额', children: formatYuan(preview.data.amount) },
        { key: 'tax', label: '代扣个税', children: formatYuan(preview.data.tax) },
        {
          key: 'net',
          label: netLabel,
          children: <strong className={styles.price}>{formatYuan(preview.data.netAmount)}</strong>,
        },
      ]}
    />
  );
};

const WithdrawalForm = () => {
  const account = useAccountInfo().data;
  const [form] = Form.useForm<{ amount: string }>();
  const typed = Form.useWatch('amount', form) ?? '';
  const fen = withdrawalFen(useDeferredValue(typed));
  const withdraw = useRequestWithdrawal();
  const intents = useRef(createIntentKeys()).current;
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState<WithdrawalItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!account) return null;
  const min = account.rules.minWithdrawal;
  const available = account.availableIncome;

  const blockers: React.ReactNode[] = [];
  if (account.verification !== 'APPROVED') {
    blockers.push(
      <>
        提现需先通过实名认证（当前：
        {{ NONE: '未认证', PENDING: '审核中', REJECTED: '未通过', APPROVED: '' }[account.verification]}），
        <Link to="/personSpace/verify">去认证</Link>
      </>,
    );
  }
  if (!account.payPasswordSet) {
    blockers.push(
      <>
        提现需验证支付密码，<Link to="/personSpace/verify">去设置支付密码</Link>
      </>,
    );
  }
  if (!account.alipay.bound) blockers.push('请先绑定支付宝账户');

  const send = async (amount: number, payToken: string) => {
    setFailure(null);
    try {
      const item = await withdraw.mutateAsync({ amount, payToken, idempotencyKey: intents.keyFor(String(amount)) });
      intents.settle(null);
      form.resetFields();
      setDone(item);
    } catch (error) {
      intents.settle(error);
      setFailure(errorText(error, '提现申请失败，请稍后重试'));
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title="提现申请已提交"
        subTitle={`提现 ${formatYuan(done.amount)}，代扣个税 ${formatYuan(done.tax)}，审核通过后 ${formatYuan(done.netAmount)} 打入支付宝账户 ${done.alipayNickname}。`}
        extra={[
          <Link key="records" to="/personSpace/account/income/withdrawalRecords">
            查看提现记录
          </Link>,
          <Button key="again" onClick={() => setDone(null)}>
            继续提现
          </Button>,
        ]}
        data-testid="withdrawal-done"
      />
    );
  }

  return (
    <>
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        提现金额
      </h2>
      <p>
        可提现收入{' '}
        <strong className={styles.bigPrice} data-testid="available-income">
          {formatYuan(available)}
        </strong>
        <span className={styles.muted}>
          （单笔最低 {formatYuan(min)}；待结算收入满 {account.rules.settlementDays} 天后可提现）
        </span>
      </p>
      {blockers.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list built above
        <Alert key={i} className={styles.notice} type="warning" showIcon title={b} />
      ))}
      <Form
        form={form}
        layout="vertical"
        className={styles.form}
        requiredMark={false}
        onFinish={({ amount }) => {
          const value = withdrawalFen(amount);
          if (value !== null) setAsking(value);
        }}
      >
        <Form.Item
          name="amount"
          label="提现金额（元）"
          rules={[
            { required: true, message: '请输入提现金额' },
            {
              validator: async (_, value: string | undefined) => {
                if (!value) return;
                const v = withdrawalFen(value);
                if (v === null) throw new Error('请输入正确的金额，最多两位小数');
                if (v < min) throw new Error(`单笔提现不能少于 ${formatYuan(min)}`);
                if (v > available) throw new Error(`超出可提现收入 ${formatYuan(available)}`);
              },
            },
          ]}
        >
          <Input prefix="¥" placeholder={`${(min / 100).toFixed(2)} 起`} inputMode="decimal" aria-label="提现金额" />
        </Form.Item>
        <Button
          type="link"
          style={{ padding: 0, marginTop: -12 }}
          onClick={() => form.setFieldValue('amount', (available / 100).toFixed(2))}
        >
          全部提现
        </Button>
        <TaxPreview fen={fen} netLabel="实际到账" style={{ margin: '12px 0' }} testId="withdrawal-preview" />
        <FormFooter failure={failure} pending={withdraw.isPending} disabled={blockers.length > 0}>
          确认提现
        </FormFooter>
      </Form>
      <PayPasswordDialog
        open={asking !== null}
        title="验证支付密码"
        amountText={asking !== null ? formatYuan(asking) : undefined}
        onCancel={() => setAsking(null)}
        onVerified={(token) => {
          const amount = asking;
          setAsking(null);
          if (amount !== null) void send(amount, token);
        }}
      />
    </>
  );
};

const withdrawalColumns = (detailed: boolean): ColumnsType<WithdrawalItem> => [
  { title: '申请时间', key: 'createdAt', width: 150, render: (_, w) => formatDateTime(w.createdAt) },
  { title: '提现金额', key: 'amount', render: (_, w) => <span className={styles.money}>{formatYuan(w.amount)}</span> },
  { title: '代扣个税', key: 'tax', render: (_, w) => <span className={styles.money}>{formatYuan(w.tax)}</span> },
  {
    title: '实际到账',
    key: 'net',
    render: (_, w) => <strong className={styles.money}>{formatYuan(w.netAmount)}</strong>,
  },
  ...(detailed
    ? [
        { title: '收款账户', key: 'alipay', render: (_: unknown, w: WithdrawalItem) => w.alipayNickname },
        {
          title: '状态',
          key: 'status',
          render: (_: unknown, w: WithdrawalItem) => (
            <>
              <Tag color={STATUS_COLORS[w.status]}>{WITHDRAWAL_STATUS_LABELS[w.status]}</Tag>
              {w.reviewNote && <div className={styles.note}>{w.reviewNote}</div>}
            </>
          ),
        },
        {
          title: '审核时间',
          key: 'reviewedAt',
          width: 150,
          render: (_: unknown, w: WithdrawalItem) => formatDateTime(w.reviewedAt) || '—',
        },
      ]
    : [
        {
          title: '状态',
          key: 'status',
          render: (_: unknown, w: WithdrawalItem) => (
            <Tag color={STATUS_COLORS[w.status]}>{WITHDRAWAL_STATUS_LABELS[w.status]}</Tag>
          ),
        },
      ]),
];

const WithdrawalTable = ({ detailed, testId }: { detailed: boolean; testId: string }) => {
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);
  return (
    <MoneyTable
      list={list}
      page={page}
      onPage={setPage}
      failure="提现记录加载失败"
      empty={
        <EmptyState title="还没有提现记录" hint={<Link to="/personSpace/account/income/withdrawal">申请提现</Link>} />
      }
      testId={testId}
      rowKey="id"
      cardTitle="amount"
      columns={withdrawalColumns(detailed)}
    />
  );
};

/** /personSpace/account/income/withdrawalRecords. */
export const WithdrawalRecordsPage = () => (
  <AccountPage id="withdrawals-title" title="提现记录" area="income">
    <WithdrawalTable detailed testId="withdrawal-records" />
  </AccountPage>
);

/** /personSpace/account/income/aftertaxincome: what each withdrawal left after tax, and a calculator. */
export const AfterTaxPage = () => {
  const account = useAccountInfo();
  const [typed, setTyped] = useState('');
  const fen = withdrawalFen(useDeferredValue(typed));
  const a = account.data;
  return (
    <AccountPage id="aftertax-title" title="税后收入" area="income">
      {a && (
        <div className={styles.cards} data-testid="aftertax-totals">
          {[
            { label: '累计提现', value: a.totalWithdrawn },
            { label: '累计代扣个税', value: a.totalTax },
            { label: '累计税后到账', value: a.totalWithdrawn - a.totalTax, main: true },
          ].map((c) => (
            <div key={c.label} className={c.main ? `${styles.card} ${styles.cardMain}` : styles.card}>
              <span>{c.label}</span>
              <strong>{formatYuan(c.value)}</strong>
            </div>
          ))}
        </div>
      )}
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        每笔提现
      </h2>
      <WithdrawalTable detailed={false} testId="aftertax-records" />
      <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        个税计算器
      </h2>
      <p className={styles.rule} data-testid="tax-rule">
        平台按“劳务报酬所得”为您代扣代缴个人所得税，每笔提现单独计算：提现金额不超过 4000 元的，减除费用 800 元；超过
        4000 元的，减除 20% 的费用，余额为应纳税所得额。应纳税所得额不超过 2 万元的按 20% 预扣；超过 2 万至 5 万元的按
        30% 预扣再减速算扣除数 2000 元；超过 5 万元的按 40% 预扣再减速算扣除数 7000 元。因此 800 元及以下的提现不扣税。
      </p>
      <div className={styles.form} style={{ marginTop: 12 }}>
        <Input
          prefix="¥"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="输入提现金额，如 5000"
          inputMode="decimal"
          aria-label="试算金额"
          status={typed && fen === null ? 'error' : undefined}
          style={{ maxWidth: 260 }}
        />
        {typed && fen === null && <div className={styles.note}>请输入正确的金额，最多两位小数</div>}
        <TaxPreview fen={fen} netLabel="税后到账" style={{ marginTop: 12 }} testId="tax-preview" />
      </div>
    </AccountPage>
  );
};

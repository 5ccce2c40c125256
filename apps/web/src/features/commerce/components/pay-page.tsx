import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { formatYuan, ORDER_STATUS_LABELS, RESOURCE_TYPE_LABELS } from '@zyk/shared';
import { Alert, Button, Collapse, message, Popconfirm, Radio, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText, isUnauthorized } from '../../../lib/api-result.ts';
import { useClientConfig, usePayMethodLabels } from '../../../lib/client-config.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { detailsPath, parseResourceId } from '../../../lib/resource-paths.ts';
import { sessionActions, useSession } from '../../../stores/session.ts';
import type { Coupon, Order, PayInfo, PayRequest } from '../api/commerce-api.ts';
import { orderNo as orderNoSchema } from '../api/order-no.ts';
import { useCancelOrder, useCoupons, useOrderPaid, usePay, usePayInfo } from '../hooks/use-commerce.ts';
import { bestCoupon } from '../lib/best-coupon.ts';
import { createIntentKeys } from '../lib/intent-key.ts';
import styles from './commerce.module.css';
import { PayPasswordDialog } from './pay-password-dialog.tsx';
import { SetPayPasswordDialog } from './set-pay-password-dialog.tsx';

/** /pay?resourceId= (buy: makes or reuses the pending order) or /pay?orderNo= (pay, or see how it ended). */
export const PayPage = () => {
  const [params] = useSearchParams();
  const { loggedIn } = useSession();
  const resourceId = parseResourceId(params.get('resourceId'));
  const orderNo = orderNoSchema(params.get('orderNo'));
  const returned = params.get('returned');
  const target = orderNo ? { orderNo } : resourceId !== null ? { resourceId } : null;

  if (!loggedIn) {
    return (
      <Frame>
        <EmptyState title="请先登录" hint="登录后才能购买资源">
          <Button type="primary" onClick={() => sessionActions.openLogin()}>
            登录
          </Button>
        </EmptyState>
      </Frame>
    );
  }
  if (returned === '0' && !target) {
    return (
      <Frame>
        <LoadError message="支付结果校验失败，请到“我的订单”中查看订单状态" />
        <p className={styles.result}>
          <Link to="/personSpace/account/expenditure/expenditure?tab=orders">查看我的订单</Link>
        </p>
      </Frame>
    );
  }
  if (!target) {
    return (
      <Frame>
        <EmptyState title="订单不存在" hint="链接中的资源编号或订单号有误，请从资源详情页重新购买" />
      </Frame>
    );
  }
  return <PayOrder key={JSON.stringify(target)} target={target} returned={returned === '1'} />;
};

const Frame = ({ children }: { children: React.ReactNode }) => (
  <>
    <div className="zyk-container">
      <div className={styles.page}>
        <section className={styles.panel} aria-labelledby="pay-title">
          <header className={styles.panelHeader}>
            <h1 id="pay-title" className={panelStyles.panelTitle}>
              支付订单
            </h1>
          </header>
          {children}
        </section>
      </div>
    </div>
  </>
);

const PayOrder = ({
  target,
  returned,
}: {
  target: { resourceId: number } | { orderNo: string };
  returned: boolean;
}) => {
  const navigate = useNavigate();
  const info = usePayInfo(target);
  const orderNo = info.data?.order.orderNo;

  // A new order made for a resource: from now on the address names the order, so a reload does not make another.
  // Once per order: `target` is a new object on every render (the countdown ticks), and navigating again while
  // the first navigation waits for the session guard would cancel it, over and over.
  const forResource = 'resourceId' in target;
  const renamed = useRef<string | null>(null);
  useEffect(() => {
    if (!forResource || !orderNo || renamed.current === orderNo) return;
    renamed.current = orderNo;
    navigate(`/pay?orderNo=${orderNo}`, { replace: true });
  }, [forResource, orderNo, navigate]);

  if (info.isPending) {
    return (
      <Frame>
        <div role="status" aria-label="正在加载订单">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </Frame>
    );
  }
  if (info.isError) {
    if (isUnauthorized(info.error)) sessionActions.clear();
    const resourceId = 'resourceId' in target ? target.resourceId : null;
    return (
      <Frame>
        <LoadError message={errorText(info.error, '订单加载失败')} onRetry={() => void info.refetch()} />
        {resourceId !== null && (
          <p className={styles.result}>
            <Button onClick={() => navigate(-1)}>返回资源详情</Button>
          </p>
        )}
      </Frame>
    );
  }
  const { order } = info.data;
  if (order.status === 'PENDING' && returned) return <AwaitPayment order={order} onDone={() => void info.refetch()} />;
  if (order.status !== 'PENDING') return <PayResult order={order} balance={info.data.balance} />;
  return <Checkout info={info.data} onExpired={() => void info.refetch()} />;
};

/** Back from the cashier: the signed notification marks the order paid, usually within seconds. */
const AwaitPayment = ({ order, onDone }: { order: Order; onDone: () => void }) => {
  const paid = useOrderPaid(order.orderNo, true);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), 30_000);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (paid.data?.paid || (paid.data && paid.data.order.status !== 'PENDING')) onDone();
  }, [paid.data, onDone]);
  return (
    <Frame>
      <div className={styles.result} role="status" data-testid="pay-waiting">
        <LoadingOutlined style={{ fontSize: 40, color: 'var(--zyk-primary)' }} aria-hidden />
        <h2>正在确认支付结果…</h2>
        <p className={styles.muted}>
          订单 {order.orderNo}（{order.title}）。支付宝的到账通知到达后，本页会自动显示结果。
        </p>
        {waited && (
          <Alert
            type="info"
            showIcon
            title="到账通知还没有到达"
            description="如已付款请稍候，本页仍在查询；也可稍后在“我的订单”中查看。"
          />
        )}
      </div>
    </Frame>
  );
};

const RESULT_ICONS = {
  PAID: <CheckCircleFilled style={{ fontSize: 48, color: '#16a34a' }} aria-hidden />,
  other: <CloseCircleFilled style={{ fontSize: 48, color: '#94a3b8' }} aria-hidden />,
};

/** A paid, cancelled, closed or refunded order. */
const PayResult = ({ order, balance }: { order: Order; balance: number }) => {
  const payMethodLabels = usePayMethodLabels();
  const details = detailsPath(order.resourceType, order.resourceId);
  const paid = order.status === 'PAID';
  return (
    <Frame>
      <div className={styles.result} data-testid="pay-result">
        {paid ? RESULT_ICONS.PAID : RESULT_ICONS.other}
        <h2 data-testid="pay-result-title">{paid ? '支付成功' : `订单${ORDER_STATUS_LABELS[order.status]}`}</h2>
        <dl className={styles.summary} style={{ maxWidth: 460, margin: '0 auto 20px', textAlign: 'left' }}>
          <dt>资源</dt>
          <dd>{order.title}</dd>
          <dt>订单号</dt>
          <dd>{order.orderNo}</dd>
          <dt>实付金额</dt>
          <dd className={styles.price}>{formatYuan(order.payAmount)}</dd>
          {order.discount > 0 && (
            <>
              <dt>优惠</dt>
              <dd>-{formatYuan(order.discount)}</dd>
            </>
          )}
          {paid && order.payMethod && (
            <>
              <dt>支付方式</dt>
              <dd>{payMethodLabels[order.payMethod]}</dd>
            </>
          )}
          {order.paidAt && (
            <>
              <dt>支付时间</dt>
              <dd>{formatDateTime(order.paidAt)}</dd>
            </>
          )}
          {paid && (
            <>
              <dt>账户余额</dt>
              <dd>{formatYuan(balance)}</dd>
            </>
          )}
        </dl>
        <div className={styles.actions} style={{ justifyContent: 'center' }}>
          {paid ? (
            <Link to={details} className={styles.primaryLink}>
              下载资源
            </Link>
          ) : (
            <Link to={`/pay?resourceId=${order.resourceId}`}>重新购买</Link>
          )}
          <Link to="/personSpace/account/expenditure/expenditure?tab=orders">查看我的订单</Link>
          {paid && <Link to="/invoicing">申请发票</Link>}
        </div>
      </div>
    </Frame>
  );
};

const useCountdown = (until: string, onZero: () => void) => {
  const end = useMemo(() => new Date(until).getTime(), [until]);
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onZero();
    }
  }, [left, onZero]);
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
};

/** The amount still to pay once a coupon is taken off (never below zero). */
const payableWith = (price: number, coupon: Coupon | undefined) => Math.max(0, price - (coupon?.amountOff ?? 0));

/** How a buyer pays what is left after the coupon; a coupon covering the whole price pays by itself. */
type Method = 'BALANCE' | 'ALIPAY';

/**
 * A pending order: summary, countdown, the coupon (the best usable one preselected), how to pay, pay or cancel.
 * Paying from the balance asks for the pay password, or, when there is none yet, sets it on the spot.
 */
const Checkout = ({ info, onExpired }: { info: PayInfo; onExpired: () => void }) => {
  const { order, balance, payPasswordSet } = info;
  const [toast, toastHolder] = message.useMessage();
  const usable = useCoupons(true, order.orderNo);
  const unusable = useCoupons(false, order.orderNo);
  const payment = usePay();
  const cancel = useCancelOrder();
  const intents = useRef(createIntentKeys()).current;
  const countdown = useCountdown(order.expiresAt, onExpired);
  const payMethodLabels = usePayMethodLabels();
  const paymentSandbox = useClientConfig().data?.paymentSandbox === true;

  // Until the buyer picks (null: none), the coupon this order already holds, else the one taking the most off.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const coupons = usable.data ?? [];
  const coupon =
    picked === undefined
      ? (coupons.find((c) => c.id === order.couponId) ?? bestCoupon(coupons, order.price))
      : coupons.find((c) => c.id === picked);
  const payable = payableWith(order.price, coupon);
  const couponCovers = coupon !== undefined && payable === 0;
  const [chosenMethod, setMethod] = useState<Method>('BALANCE');
  const method: PayRequest['method'] = couponCovers ? 'COUPON' : chosenMethod;
  const [asking, setAsking] = useState<'check' | 'set' | 'reset' | null>(null);

  const blocker =
    method === 'BALANCE' && balance < payable
      ? `余额不足：还需 ${formatYuan(payable - balance)}，请选择支付宝支付`
      : null;

  const send = async (payToken: string | null) => {
    const request = { orderNo: order.orderNo, method, couponId: coupon ? coupon.id : null };
    const idempotencyKey = intents.keyFor(JSON.stringify(request));
    try {
      const result = await payment.mutateAsync({ ...request, payToken, idempotencyKey });
      intents.settle(null);
      if (result.payUrl) {
        window.location.assign(result.payUrl);
        return;
      }
      onExpired(); // reads the paid order: the result replaces the checkout
    } catch (error) {
      intents.settle(error);
      void toast.error(errorText(error, '支付失败，请稍后重试'));
    }
  };

  const confirm = () => {
    if (blocker) return;
    if (method === 'BALANCE') setAsking(payPasswordSet ? 'check' : 'set');
    else void send(null);
  };
  const verified = (token: string) => {
    setAsking(null);
    void send(token);
  };

  return (
    <Frame>
      {toastHolder}
      <div data-testid="checkout">
        <dl className={styles.summary}>
          <dt>资源</dt>
          <dd>
            <Link to={detailsPath(order.resourceType, order.resourceId)}>{order.title}</Link>{' '}
            <Tag>{RESOURCE_TYPE_LABELS[order.resourceType]}</Tag>
          </dd>
          <dt>订单号</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
          <dt>下单时间</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          <dt>价格</dt>
          <dd className={styles.price}>{formatYuan(order.price)}</dd>
          <dt>剩余支付时间</dt>
          <dd>
            <span className={styles.countdown} data-testid="pay-countdown">
              <ClockCircleOutlined aria-hidden /> {countdown}
            </span>
            <span className={styles.muted}>（超时未支付订单将自动关闭）</span>
          </dd>
          <dt>账户余额</dt>
          <dd data-testid="pay-balance">{formatYuan(balance)}</dd>
        </dl>
      </div>

      <h2 id="pay-coupon-title" className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        优惠券
      </h2>
      {usable.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : usable.isError ? (
        <LoadError message={errorText(usable.error, '优惠券加载失败')} onRetry={() => void usable.refetch()} />
      ) : usable.data.length === 0 ? (
        <p className={styles.muted}>没有可用于本订单的优惠券。</p>
      ) : (
        <Radio.Group
          value={coupon?.id ?? 0}
          onChange={(e) => setPicked(e.target.value === 0 ? null : Number(e.target.value))}
          className={styles.options}
          aria-labelledby="pay-coupon-title"
        >
          {usable.data.map((c) => (
            <Radio key={c.id} value={c.id} className={`${styles.option} ${styles.coupon}`}>
              <CouponText coupon={c} />
            </Radio>
          ))}
          <Radio value={0} className={styles.option}>
            不使用优惠券
          </Radio>
        </Radio.Group>
      )}
      {(unusable.data?.length ?? 0) > 0 && (
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'unusable',
              label: `不可用优惠券（${unusable.data?.length ?? 0}）`,
              children: (
                <div className={styles.options}>
                  {unusable.data?.map((c) => (
                    <div key={c.id} className={`${styles.coupon} ${styles.couponDisabled}`}>
                      <CouponText coupon={c} />
                    </div>
                  ))}
                </div>
              ),
            },
          ]}
        />
      )}

      <h2 id="pay-method-title" className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
        支付方式
      </h2>
      {couponCovers ? (
        <Alert type="success" showIcon title="优惠券全额抵扣，无需再付款" data-testid="coupon-covers" />
      ) : (
        <Radio.Group
          value={chosenMethod}
          onChange={(e) => setMethod(e.target.value as Method)}
          className={styles.options}
          aria-labelledby="pay-method-title"
        >
          <Radio value="BALANCE" className={styles.option}>
            余额支付 <span className={styles.muted}>（可用余额 {formatYuan(balance)}，需验证支付密码）</span>
          </Radio>
          <Radio value="ALIPAY" className={styles.option}>
            {payMethodLabels.ALIPAY}{' '}
            <span className={styles.muted}>
              {paymentSandbox ? '（内置沙箱收银台，不会真实扣款）' : '（跳转到支付宝收银台付款）'}
            </span>
          </Radio>
        </Radio.Group>
      )}

      {blocker ? (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon title={blocker} />
      ) : (
        method === 'BALANCE' &&
        !payPasswordSet && (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            title="尚未设置支付密码"
            description="点击“确认支付”后在弹出的对话框中设置，设置后立即支付本订单。"
          />
        )
      )}

      <div className={styles.payBar}>
        <Popconfirm
          title="取消后订单关闭，占用的优惠券退回。确定取消？"
          okText="取消订单"
          cancelText="再想想"
          onConfirm={() =>
            cancel.mutateAsync(order.orderNo).then(
              () => onExpired(),
              (error: unknown) => void toast.error(errorText(error, '取消失败，请稍后重试')),
            )
          }
        >
          <Button loading={cancel.isPending}>取消订单</Button>
        </Popconfirm>
        <span className={styles.payAmount}>
          应付{' '}
          <span className={styles.bigPrice} data-testid="pay-amount">
            {formatYuan(payable)}
          </span>
        </span>
        <Button
          className={styles.payButton}
          type="primary"
          size="large"
          // While the coupons load the amount may still drop: no paying the full price by a quick click.
          disabled={blocker !== null || usable.isPending}
          loading={payment.isPending}
          onClick={confirm}
          autoInsertSpace={false}
        >
          确认支付
        </Button>
      </div>
      <PayPasswordDialog
        open={asking === 'check'}
        title="验证支付密码"
        amountText={formatYuan(payable)}
        onCancel={() => setAsking(null)}
        onForgot={() => setAsking('reset')}
        onVerified={verified}
      />
      <SetPayPasswordDialog
        open={asking === 'set' || asking === 'reset'}
        replacing={asking === 'reset'}
        amountText={formatYuan(payable)}
        onCancel={() => setAsking(null)}
        onVerified={verified}
      />
    </Frame>
  );
};

export const CouponText = ({ coupon: c }: { coupon: Coupon }) => (
  <>
    <span className={styles.couponOff}>{formatYuan(c.amountOff)}</span>
    <span className={styles.optionBody}>
      <strong>{c.name}</strong>
      <span className={styles.muted}>
        {c.threshold > 0 ? `满 ${formatYuan(c.threshold)} 可用` : '无门槛'}
        {c.resourceType ? ` · 仅限${RESOURCE_TYPE_LABELS[c.resourceType]}` : ''} · 有效期至 {formatDate(c.validTo)}
      </span>
      {c.reason && <span className={styles.note}>{c.reason}</span>}
    </span>
  </>
);

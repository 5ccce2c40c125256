import { ADMIN_ORDER_STATUS_LABELS, type AdminOrderItem, formatYuan } from '@zyk/shared';
import { Button, Input, message, type TableProps, Tooltip } from 'antd';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { usePayMethodLabels } from '../../../lib/client-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MONEY_PAGE_SIZE, type OrderQuery } from '../api/money-api.ts';
import { useConfirmPassword } from '../components/confirm-password.tsx';
import { ConsolePage } from '../components/console-page.tsx';
import { filterStyles } from '../components/paged-list.tsx';
import { useOrders, useRefundOrder } from '../hooks/use-money.ts';
import styles from './money.module.css';
import { DistrictOnly, MoneyList, PersonCell, StatusTag, useDistrictScope } from './money-parts.tsx';

/**
 * /admin/refunds: paid orders, most recent first, found by number or buyer. 退款 (password again) reverses the
 * payment to the buyer's balance and returns the coupon; only while the seller's income is not yet settled.
 */
export const RefundsPage = () => {
  const payMethodLabels = usePayMethodLabels();
  const [toast, toastHolder] = message.useMessage();
  const [askPassword, passwordHolder] = useConfirmPassword();
  const [query, setQuery] = useState<OrderQuery>({ current: 1, size: MONEY_PAGE_SIZE, status: 'PAID' });
  const [refunding, setRefunding] = useState<string | null>(null);
  const district = useDistrictScope();
  const list = useOrders(query, district);
  const refundRequest = useRefundOrder();

  const refund = async (row: AdminOrderItem) => {
    const password = await askPassword(
      `退款 ${formatYuan(row.payAmount)} 给 ${row.buyer.realName}（订单 ${row.orderNo}）`,
    );
    if (password === null) return;
    setRefunding(row.orderNo);
    try {
      await refundRequest.mutateAsync({ orderNo: row.orderNo, confirmPassword: password });
      void toast.success(`订单 ${row.orderNo} 已退款 ${formatYuan(row.payAmount)} 至买家余额`);
    } catch (error) {
      void toast.error(errorText(error, '退款失败，请稍后重试'));
    } finally {
      setRefunding(null);
    }
  };

  const columns: TableProps<AdminOrderItem>['columns'] = [
    {
      title: '订单',
      key: 'order',
      width: 260,
      render: (_, r) => (
        <span className={styles.stack}>
          <strong>{r.title}</strong>
          <span className={styles.muted}>{r.orderNo}</span>
        </span>
      ),
    },
    { title: '买家', key: 'buyer', width: 120, render: (_, r) => <PersonCell {...r.buyer} /> },
    { title: '卖家', key: 'seller', width: 120, render: (_, r) => <PersonCell {...r.seller} /> },
    {
      title: '实付',
      key: 'pay',
      width: 150,
      align: 'right',
      render: (_, r) => (
        <span className={styles.stack}>
          <strong className={styles.money}>{formatYuan(r.payAmount)}</strong>
          <span className={styles.muted}>
            {r.payMethod ? payMethodLabels[r.payMethod] : ''}
            {r.discount > 0 ? ` · 券 ${formatYuan(r.discount)}` : ''}
          </span>
        </span>
      ),
    },
    {
      title: '支付 / 结算',
      key: 'paid',
      width: 170,
      render: (_, r) => (
        <span className={styles.stack}>
          <span>{formatDateTime(r.paidAt)}</span>
          <span className={styles.muted}>{r.settledAt ? `已结算 ${formatDateTime(r.settledAt)}` : '收入未结算'}</span>
        </span>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => <StatusTag status={r.status} labels={ADMIN_ORDER_STATUS_LABELS} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'PAID' ? (
          r.refundable ? (
            <Button
              type="link"
              danger
              loading={refunding === r.orderNo}
              onClick={() => void refund(r)}
              aria-label={`退款订单 ${r.orderNo}`}
            >
              退款
            </Button>
          ) : (
            <Tooltip title="卖家收入已结算，不能原路退款">
              <span className={styles.muted}>不可退款</span>
            </Tooltip>
          )
        ) : (
          <span className={styles.muted}>{formatDateTime(r.refundedAt)}</span>
        ),
    },
  ];

  return (
    <TouchSize>
      {toastHolder}
      {passwordHolder}
      <ConsolePage
        title="订单退款"
        description="按订单号或买家查找已支付的订单。卖家收入结算前可退款（需再次输入登录密码）：款项退回买家余额，优惠券退回。"
      >
        <DistrictOnly>
          <MoneyList
            filtersLabel="查找订单"
            filtersBefore={
              <Input.Search
                aria-label="订单号"
                placeholder="订单号"
                allowClear
                inputMode="numeric"
                className={filterStyles.search}
                onSearch={(value) => {
                  const orderNo = value.trim();
                  if (orderNo && !/^\d{1,32}$/.test(orderNo)) {
                    void toast.warning('订单号须为数字');
                    return;
                  }
                  setQuery({
                    ...query,
                    current: 1,
                    orderNo: orderNo || undefined,
                    status: orderNo ? undefined : query.status,
                  });
                }}
              />
            }
            statusLabel="订单状态"
            statusLabels={ADMIN_ORDER_STATUS_LABELS}
            userSearch={{ label: '按买家用户名查找', placeholder: '买家用户名' }}
            query={query}
            setQuery={setQuery}
            list={list}
            loadErrorText="订单加载失败"
            tableLabel="订单列表"
            emptyText="没有符合条件的订单"
            testId="order-table"
            columns={columns}
            scrollX={1020}
            totalText={(total) => `共 ${total} 个订单`}
          />
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

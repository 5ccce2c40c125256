import {
  ADMIN_COUPON_STATUS_LABELS,
  type AdminCouponItem,
  formatYuan,
  RESOURCE_TYPE_LABELS,
  yuanTextToFen,
} from '@zyk/shared';
import { Button, Card, Form, Input, InputNumber, message, Select, type TableProps } from 'antd';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { type CouponQuery, MONEY_PAGE_SIZE } from '../api/money-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useCoupons, useGrantCoupons } from '../hooks/use-money.ts';
import styles from './money.module.css';
import { DistrictOnly, MoneyList, PersonCell, StatusTag, useDistrictScope } from './money-parts.tsx';

type ResourceKind = keyof typeof RESOURCE_TYPE_LABELS;

interface GrantForm {
  userNames: string[];
  name: string;
  amountOff: string;
  threshold: string;
  validDays: number;
  resourceType: ResourceKind | 'ALL';
}

const YUAN_RULE = {
  pattern: /^\d{1,6}(\.\d{1,2})?$/,
  message: '金额须为数字，最多两位小数',
};

/** Grants one coupon to each named user (they are told), and lists the coupons granted with their state. */
export const CouponsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [form] = Form.useForm<GrantForm>();
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState<CouponQuery>({ current: 1, size: MONEY_PAGE_SIZE });
  const district = useDistrictScope();
  const list = useCoupons(query, district);
  const grantRequest = useGrantCoupons();

  const grant = async (values: GrantForm) => {
    setBusy(true);
    try {
      const done = await grantRequest.mutateAsync({
        userNames: values.userNames.map((n) => n.trim()).filter(Boolean),
        name: values.name.trim(),
        amountOff: yuanTextToFen(values.amountOff) ?? 0,
        threshold: yuanTextToFen(values.threshold || '0') ?? 0,
        validDays: values.validDays,
        resourceType: values.resourceType === 'ALL' ? null : values.resourceType,
      });
      void toast.success(`已发放 ${done.granted.length} 张优惠券`);
      form.resetFields();
    } catch (error) {
      void toast.error(errorText(error, '发放失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const columns: TableProps<AdminCouponItem>['columns'] = [
    { title: '领取人', key: 'user', width: 120, render: (_, r) => <PersonCell {...r} /> },
    { title: '名称', dataIndex: 'name', width: 160 },
    {
      title: '优惠',
      key: 'rule',
      width: 170,
      render: (_, r) => (
        <span className={styles.stack}>
          <strong className={styles.money}>减 {formatYuan(r.amountOff)}</strong>
          <span className={styles.muted}>
            {r.threshold > 0 ? `满 ${formatYuan(r.threshold)} 可用` : '无门槛'} ·{' '}
            {r.resourceType ? RESOURCE_TYPE_LABELS[r.resourceType] : '全部资源'}
          </span>
        </span>
      ),
    },
    {
      title: '有效期',
      key: 'valid',
      width: 200,
      render: (_, r) => `${formatDate(r.validFrom)} 至 ${formatDate(r.validTo)}`,
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <span className={styles.stack}>
          <StatusTag status={r.status} labels={ADMIN_COUPON_STATUS_LABELS} />
          {r.usedAt && <span className={styles.muted}>{formatDateTime(r.usedAt)}</span>}
        </span>
      ),
    },
    { title: '发放时间', key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
  ];

  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage
        title="优惠券"
        description="按用户名给一位或多位用户各发一张优惠券，用户会收到消息；下方是已发放的优惠券。"
      >
        <DistrictOnly>
          <Card title={<h2 className={styles.cardTitle}>发放优惠券</h2>} size="small">
            <Form<GrantForm>
              form={form}
              layout="vertical"
              className={styles.grantForm}
              initialValues={{ threshold: '0', validDays: 30, resourceType: 'ALL' }}
              onFinish={(values) => void grant(values)}
              data-testid="coupon-grant-form"
            >
              <Form.Item
                name="userNames"
                label="领取人用户名"
                className={styles.grantUsers}
                rules={[{ required: true, type: 'array', min: 1, message: '请填写领取人的用户名' }]}
                extra="输入用户名后回车，可填多位"
              >
                <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder="如 zhangxm" />
              </Form.Item>
              <Form.Item
                name="name"
                label="名称"
                rules={[
                  { required: true, whitespace: true, message: '请填写优惠券名称' },
                  { min: 2, max: 30, message: '名称为 2-30 个字' },
                ]}
              >
                <Input placeholder="如 教研活动专享券" />
              </Form.Item>
              <Form.Item
                name="amountOff"
                label="面额（元）"
                rules={[
                  { required: true, message: '请填写面额' },
                  YUAN_RULE,
                  {
                    validator: (_, v: string) =>
                      !v || (yuanTextToFen(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error('面额须大于 0')),
                  },
                ]}
              >
                <Input inputMode="decimal" placeholder="5" />
              </Form.Item>
              <Form.Item
                name="threshold"
                label="使用门槛（元，0 为无门槛）"
                dependencies={['amountOff']}
                rules={[
                  YUAN_RULE,
                  ({ getFieldValue }) => ({
                    validator: (_, v: string) => {
                      const threshold = yuanTextToFen(v || '0') ?? 0;
                      const amount = yuanTextToFen(getFieldValue('amountOff')) ?? 0;
                      return threshold > 0 && amount > threshold
                        ? Promise.reject(new Error('面额不能大于使用门槛'))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="validDays" label="有效天数" rules={[{ required: true, message: '请填写有效天数' }]}>
                <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="resourceType" label="适用资源">
                <Select
                  options={[
                    { value: 'ALL', label: '全部资源' },
                    ...Object.entries(RESOURCE_TYPE_LABELS).map(([value, label]) => ({
                      value: value as ResourceKind,
                      label,
                    })),
                  ]}
                />
              </Form.Item>
              <Form.Item label=" " colon={false}>
                <Button type="primary" htmlType="submit" loading={busy}>
                  发放
                </Button>
              </Form.Item>
            </Form>
          </Card>
          <MoneyList
            filtersLabel="筛选已发放的优惠券"
            statusLabel="优惠券状态"
            statusLabels={ADMIN_COUPON_STATUS_LABELS}
            query={query}
            setQuery={setQuery}
            list={list}
            loadErrorText="优惠券加载失败"
            tableLabel="已发放的优惠券"
            emptyText="还没有发放过优惠券"
            testId="coupon-table"
            columns={columns}
            scrollX={950}
            totalText={(total) => `共 ${total} 张`}
          />
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

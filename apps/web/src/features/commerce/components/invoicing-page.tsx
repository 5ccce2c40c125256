import { formatYuan, isValidTaxNumber } from '@zyk/shared';
import { Form, Input, message, Radio } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { InvoiceableOrder, InvoiceInput } from '../api/commerce-api.ts';
import { useApplyInvoice, useInvoiceOrders } from '../hooks/use-commerce.ts';
import { requiredAndValid } from '../lib/form-rules.ts';
import styles from './commerce.module.css';
import { InvoiceRecordTable } from './expenditure-pages.tsx';
import { FormFooter } from './form-footer.tsx';
import { MoneyTable } from './money-table.tsx';

interface InvoiceForm {
  titleType: InvoiceInput['titleType'];
  title: string;
  taxNumber?: string;
  email: string;
}

/** /invoicing: pick paid orders, fill in the invoice title and where to send it; the requests below. */
export const InvoicingPage = () => {
  const [page, setPage] = useState(1);
  const orders = useInvoiceOrders(page);
  const apply = useApplyInvoice();
  const [selected, setSelected] = useState<InvoiceableOrder[]>([]);
  const [form] = Form.useForm<InvoiceForm>();
  const titleType = Form.useWatch('titleType', form) ?? 'PERSONAL';
  const [toast, toastHolder] = message.useMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const total = selected.reduce((sum, o) => sum + o.payAmount, 0);

  const submit = async (values: InvoiceForm) => {
    setFailure(null);
    if (selected.length === 0) {
      setFailure('请先勾选要开票的订单');
      return;
    }
    try {
      await apply.mutateAsync({
        orderIds: selected.map((o) => o.id),
        titleType: values.titleType,
        title: values.title.trim(),
        email: values.email.trim(),
        ...(values.titleType === 'COMPANY' && values.taxNumber ? { taxNumber: values.taxNumber.trim() } : {}),
      });
      setSelected([]);
      form.resetFields();
      void toast.success('开票申请已提交，开具后发送到您的邮箱');
    } catch (error) {
      setFailure(errorText(error, '开票申请失败，请稍后重试'));
    }
  };

  const columns: ColumnsType<InvoiceableOrder> = [
    {
      title: '订单号',
      key: 'orderNo',
      width: 200,
      render: (_, o) => <span className={styles.money}>{o.orderNo}</span>,
    },
    { title: '资源', key: 'title', render: (_, o) => o.title },
    {
      title: '实付金额',
      key: 'payAmount',
      width: 110,
      render: (_, o) => <span className={styles.money}>{formatYuan(o.payAmount)}</span>,
    },
    { title: '支付时间', key: 'paidAt', width: 150, render: (_, o) => formatDateTime(o.paidAt) },
  ];

  return (
    <div className="zyk-container">
      {toastHolder}
      <div className={styles.page}>
        <section className={styles.panel} aria-labelledby="invoicing-title">
          <header className={styles.panelHeader}>
            <h1 id="invoicing-title" className={panelStyles.panelTitle}>
              申请开票
            </h1>
            <Link className={panelStyles.panelAction} to="/personSpace/account/expenditure/invoicerecords">
              开票记录 ›
            </Link>
          </header>
          <h2 className={panelStyles.panelSubtitle} style={{ margin: '0 0 12px' }}>
            1. 选择订单
          </h2>
          <MoneyTable
            list={orders}
            page={page}
            onPage={setPage}
            failure="可开票订单加载失败"
            empty={<EmptyState title="没有可开票的订单" hint="已支付且实付金额大于 0、尚未开票的订单可以申请发票" />}
            testId="invoice-orders"
            rowKey="id"
            columns={columns}
            selection={{ selected, onChange: setSelected }}
          />
          <h2 className={panelStyles.panelSubtitle} style={{ margin: '24px 0 12px' }}>
            2. 填写发票信息
          </h2>
          <p>
            已选 {selected.length} 个订单，开票金额 <strong className={styles.price}>{formatYuan(total)}</strong>
          </p>
          <Form
            form={form}
            layout="vertical"
            className={styles.form}
            initialValues={{ titleType: 'PERSONAL' }}
            onFinish={submit}
          >
            <Form.Item name="titleType" label="抬头类型">
              <Radio.Group
                options={[
                  { value: 'PERSONAL', label: '个人' },
                  { value: 'COMPANY', label: '单位' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label="发票抬头"
              rules={[
                { required: true, whitespace: true, message: '请输入发票抬头' },
                { min: 2, max: 100, message: '发票抬头为 2-100 个字' },
              ]}
            >
              <Input placeholder={titleType === 'COMPANY' ? '单位全称' : '个人姓名'} maxLength={100} />
            </Form.Item>
            {titleType === 'COMPANY' && (
              <Form.Item
                name="taxNumber"
                label="税号"
                normalize={(v: string) => v.toUpperCase()}
                rules={requiredAndValid(
                  '单位抬头须填写税号（统一社会信用代码）',
                  isValidTaxNumber,
                  '税号有误：须为 15-20 位大写字母或数字，18 位的统一社会信用代码校验位须正确',
                )}
              >
                <Input placeholder="统一社会信用代码" maxLength={20} />
              </Form.Item>
            )}
            <Form.Item
              name="email"
              label="接收邮箱"
              rules={[
                { required: true, message: '请输入接收发票的邮箱' },
                { type: 'email', message: '请输入正确的邮箱地址' },
              ]}
            >
              <Input placeholder="电子发票将发送到此邮箱" maxLength={100} />
            </Form.Item>
            <FormFooter failure={failure} pending={apply.isPending}>
              提交申请
            </FormFooter>
          </Form>
        </section>
        <section className={styles.panel} aria-labelledby="invoicing-records">
          <header className={styles.panelHeader}>
            <h2 id="invoicing-records" className={panelStyles.panelSubtitle}>
              开票记录
            </h2>
          </header>
          <InvoiceRecordTable testId="invoicing-records" />
        </section>
      </div>
    </div>
  );
};

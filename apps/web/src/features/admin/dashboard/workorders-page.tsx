import { type AdminWorkOrderItem, chinaDateTime, WORK_ORDER_CATEGORIES, WORK_ORDER_STATUS } from '@zyk/shared';
import { Button, Descriptions, Drawer, Form, Grid, Input, message, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { useCloseWorkOrder, useReplyWorkOrder, useWorkOrders } from '../hooks/use-dashboard.ts';

type Status = keyof typeof WORK_ORDER_STATUS;
const STATUS_COLORS: Record<Status, string> = {
  OPEN: 'orange',
  IN_PROGRESS: 'blue',
  ANSWERED: 'green',
  CLOSED: 'default',
};
const PAGE_SIZE = 20;
const time = (iso: string | null) => (iso ? chinaDateTime(new Date(iso)) : '—');

/** Work orders: list by status, read one, reply (the submitter gets a message), close. */
export const WorkOrdersPage = () => {
  const screens = Grid.useBreakpoint();
  const [toast, toastHolder] = message.useMessage();
  const [status, setStatus] = useState<Status | undefined>('OPEN');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<AdminWorkOrderItem | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const query = { current, size: PAGE_SIZE, ...(status ? { status } : {}) };
  const list = useWorkOrders(query);
  const fail = (error: unknown) => toast.error(errorText(error, '操作失败'));
  const reply = useReplyWorkOrder();
  const close = useCloseWorkOrder();
  const sendReply = (id: number, text: string) =>
    reply.mutate(
      { id, reply: text },
      {
        onSuccess: (item) => {
          toast.success('已回复，提交人会收到站内消息');
          setOpen(item);
          form.resetFields();
        },
        onError: fail,
      },
    );
  const closeOrder = (id: number) =>
    close.mutate(id, {
      onSuccess: (item) => {
        toast.success('工单已关闭');
        setOpen((o) => (o ? item : o));
      },
      onError: fail,
    });

  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage title="工单" description="老师提交的问题与建议：查看、回复（提交人收到站内消息）与关闭。">
        <PagedList<AdminWorkOrderItem>
          filtersLabel="筛选工单"
          filters={
            <Select
              aria-label="工单状态"
              style={{ minWidth: 160 }}
              value={status ?? 'all'}
              onChange={(v) => {
                setStatus(v === 'all' ? undefined : (v as Status));
                setCurrent(1);
              }}
              options={[
                { value: 'all', label: '全部状态' },
                ...Object.entries(WORK_ORDER_STATUS).map(([value, label]) => ({ value, label })),
              ]}
            />
          }
          list={list}
          current={current}
          pageSize={PAGE_SIZE}
          onPage={setCurrent}
          loadErrorText="工单加载失败"
          tableLabel="工单列表"
          emptyText="没有工单"
          scrollX={860}
          columns={[
            { title: '编号', dataIndex: 'id', width: 80 },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            {
              title: '类型',
              dataIndex: 'category',
              width: 110,
              render: (c: string) => WORK_ORDER_CATEGORIES[c as keyof typeof WORK_ORDER_CATEGORIES] ?? c,
            },
            { title: '提交人', key: 'user', width: 150, render: (_, w) => `${w.realName}（${w.userName}）` },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (s: Status) => <Tag color={STATUS_COLORS[s]}>{WORK_ORDER_STATUS[s]}</Tag>,
            },
            { title: '提交时间', dataIndex: 'createdAt', width: 170, render: time },
            {
              title: '操作',
              key: 'actions',
              width: 100,
              render: (_, w) => (
                <Button
                  onClick={() => {
                    form.resetFields();
                    setOpen(w);
                  }}
                >
                  处理
                </Button>
              ),
            },
          ]}
        />
        <Drawer
          open={open !== null}
          onClose={() => setOpen(null)}
          title={open ? `工单 ${open.id}：${open.title}` : ''}
          size={screens.md === false ? '100%' : 560}
        >
          {open && (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              <Descriptions
                column={1}
                size="small"
                styles={{ label: { color: 'var(--zyk-text-secondary)' } }}
                items={[
                  { key: 'status', label: '状态', children: WORK_ORDER_STATUS[open.status] },
                  { key: 'user', label: '提交人', children: `${open.realName}（${open.userName}）` },
                  { key: 'contact', label: '联系方式', children: open.contact },
                  { key: 'created', label: '提交时间', children: time(open.createdAt) },
                  { key: 'description', label: '问题描述', children: open.description },
                  { key: 'attachments', label: '附件', children: `${open.attachmentIds.length} 个` },
                  { key: 'reply', label: '回复', children: open.reply ?? '尚未回复' },
                  { key: 'replied', label: '回复时间', children: time(open.repliedAt) },
                ]}
              />
              {open.status !== 'CLOSED' && (
                <Form form={form} layout="vertical" onFinish={(v) => sendReply(open.id, v.reply)}>
                  <Form.Item
                    name="reply"
                    label="回复内容"
                    rules={[{ required: true, whitespace: true, min: 2, message: '回复至少 2 个字' }]}
                  >
                    <Input.TextArea rows={4} maxLength={2000} showCount />
                  </Form.Item>
                  <Space wrap>
                    <Button type="primary" htmlType="submit" loading={reply.isPending}>
                      回复
                    </Button>
                    <Popconfirm
                      title="关闭这个工单？关闭后不能再回复。"
                      okText="关闭工单"
                      cancelText="取消"
                      onConfirm={() => closeOrder(open.id)}
                    >
                      <Button danger loading={close.isPending}>
                        关闭工单
                      </Button>
                    </Popconfirm>
                  </Space>
                </Form>
              )}
            </Space>
          )}
        </Drawer>
      </ConsolePage>
    </TouchSize>
  );
};

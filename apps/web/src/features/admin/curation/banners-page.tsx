import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminBanner, BANNER_STATES } from '@zyk/shared';
import { Button, message, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { moved } from '../api/curation-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useBanners, useDeleteBanner, useReorderBanners } from '../hooks/use-curation.ts';
import { AnnouncementsPanel } from './announcements-panel.tsx';
import { BannerForm } from './banner-form.tsx';
import styles from './curation.module.css';

const STATE_COLORS: Record<AdminBanner['state'], string> = {
  active: 'green',
  scheduled: 'blue',
  ended: 'default',
  disabled: 'default',
};

const datesOf = (b: AdminBanner) =>
  !b.startsOn && !b.endsOn ? '长期' : `${b.startsOn ?? '即日起'} 至 ${b.endsOn ?? '长期'}`;

/** /admin/banners: the home page's banners (order, dates, on/off) and, on its second tab, system announcements. */
export const BannersPage = () => {
  const [tab, setTab] = useState('banners');
  return (
    <TouchSize>
      <ConsolePage
        title="首页横幅与公告"
        description="首页横幅显示在资源库首页欢迎区下方；系统公告发送到每位用户的消息中。"
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'banners', label: '首页横幅', children: <BannersPanel /> },
            { key: 'announcements', label: '系统公告', children: <AnnouncementsPanel /> },
          ]}
        />
      </ConsolePage>
    </TouchSize>
  );
};

const BannersPanel = () => {
  const [toast, toastHolder] = message.useMessage();
  const banners = useBanners();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();

  const list = banners.data ?? [];
  const move = (index: number, step: -1 | 1) =>
    reorder.mutate(
      moved(list, index, step).map((b) => b.id),
      {
        onSuccess: () => void toast.success('顺序已更新'),
        onError: (error) => void toast.error(errorText(error, '调整顺序失败')),
      },
    );

  if (banners.isError)
    return <LoadError message={errorText(banners.error, '横幅加载失败')} onRetry={() => void banners.refetch()} />;
  return (
    <div className={styles.panel}>
      {toastHolder}
      <div className={styles.toolbar}>
        <p className={styles.hint}>按顺序轮播“展示中”的横幅；没有展示中的横幅时，首页保持原样。</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          新建横幅
        </Button>
      </div>
      {!banners.isPending && list.length === 0 ? (
        // No table when empty: an empty table that only scrolls sideways is a scroll region with nothing to focus.
        <p className={styles.emptyBox}>还没有横幅</p>
      ) : (
        <Table<AdminBanner>
          rowKey="id"
          loading={banners.isPending || reorder.isPending}
          dataSource={list}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            {
              title: '顺序',
              key: 'order',
              width: 110,
              render: (_, b, index) => (
                <Space size={4}>
                  <Button
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={`上移《${b.title}》`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={`下移《${b.title}》`}
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  />
                </Space>
              ),
            },
            {
              title: '标题',
              dataIndex: 'title',
              render: (_, b) => (
                <div className={styles.titleCell}>
                  <strong>{b.title}</strong>
                  {b.subtitle && <span className={styles.muted}>{b.subtitle}</span>}
                </div>
              ),
            },
            {
              title: '链接',
              dataIndex: 'linkUrl',
              width: 200,
              render: (link: string) =>
                link ? <span className={styles.link}>{link}</span> : <span className={styles.muted}>无</span>,
            },
            { title: '展示日期', key: 'dates', width: 210, render: (_, b) => datesOf(b) },
            {
              title: '状态',
              dataIndex: 'state',
              width: 90,
              render: (state: AdminBanner['state']) => <Tag color={STATE_COLORS[state]}>{BANNER_STATES[state]}</Tag>,
            },
            {
              title: '操作',
              key: 'actions',
              width: 140,
              fixed: 'right',
              render: (_, b) => (
                <Space size={4}>
                  <Button type="link" onClick={() => setEditing(b)} aria-label={`编辑《${b.title}》`}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除横幅《${b.title}》？`}
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(b.id).then(
                        () => void toast.success('横幅已删除'),
                        (error: unknown) => {
                          void toast.error(errorText(error, '删除失败'));
                          throw error;
                        },
                      )
                    }
                  >
                    <Button type="link" danger aria-label={`删除《${b.title}》`}>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <BannerForm
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void toast.success(editing === 'new' ? `已新建横幅《${saved.title}》` : `已保存横幅《${saved.title}》`);
          }}
        />
      )}
    </div>
  );
};

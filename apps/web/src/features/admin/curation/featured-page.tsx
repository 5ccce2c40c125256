import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { FEATURED_KINDS, FEATURED_LIMITS, type FeaturedItem, type FeaturedKind } from '@zyk/shared';
import { Button, message, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { type FeaturedLists, moved } from '../api/curation-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import {
  useAddFeatured,
  useFeatured,
  useFeaturedCandidates,
  useRemoveFeatured,
  useReorderFeatured,
} from '../hooks/use-curation.ts';
import styles from './curation.module.css';

/** /admin/featured: the courses and topics the classroom home (/pcourse/index) shows first, in this order. */
export const FeaturedPage = () => {
  const featured = useFeatured();
  return (
    <TouchSize>
      <ConsolePage
        title="精品课堂推荐"
        description={`推荐的课程与专题排在精品课堂首页的最前面（课程最多 ${FEATURED_LIMITS.course} 门，专题最多 ${FEATURED_LIMITS.topic} 个），其余位置按发布时间由新到旧补足。`}
      >
        {featured.isError ? (
          <LoadError message={errorText(featured.error, '推荐列表加载失败')} onRetry={() => void featured.refetch()} />
        ) : (
          <div className={styles.sections}>
            <FeaturedSection kind="course" lists={featured.data} loading={featured.isPending} />
            <FeaturedSection kind="topic" lists={featured.data} loading={featured.isPending} />
          </div>
        )}
      </ConsolePage>
    </TouchSize>
  );
};

/** Waits until typing pauses before searching. */
const useSettled = (value: string, ms = 300) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

const FeaturedSection = ({
  kind,
  lists,
  loading,
}: {
  kind: FeaturedKind;
  lists: FeaturedLists | undefined;
  loading: boolean;
}) => {
  const [toast, toastHolder] = message.useMessage();
  const label = FEATURED_KINDS[kind];
  const items = (kind === 'course' ? lists?.courses : lists?.topics) ?? [];
  const full = items.length >= FEATURED_LIMITS[kind];
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed.trim());
  const candidates = useFeaturedCandidates(kind, keyword, !full);
  const add = useAddFeatured(kind);
  const remove = useRemoveFeatured(kind);
  const reorder = useReorderFeatured(kind);
  const failed = (error: unknown) => void toast.error(errorText(error, '操作失败'));
  const addItem = (id: number) =>
    add.mutate(id, { onSuccess: () => void toast.success(`已推荐该${label}`), onError: failed });
  const reorderItems = (ids: number[]) =>
    reorder.mutate(ids, { onSuccess: () => void toast.success('顺序已更新'), onError: failed });
  const removeItem = (id: number) =>
    remove.mutateAsync(id).then(
      () => void toast.success(`已取消推荐`),
      (error: unknown) => {
        failed(error);
        throw error;
      },
    );
  const busy = add.isPending || remove.isPending || reorder.isPending;
  const headingId = `featured-${kind}-title`;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      {toastHolder}
      <h2 id={headingId} className={styles.sectionTitle}>
        推荐{label}（{items.length}/{FEATURED_LIMITS[kind]}）
      </h2>
      <div className={styles.picker}>
        <Select<number>
          aria-label={`选择要推荐的${label}`}
          placeholder={full ? `已满 ${FEATURED_LIMITS[kind]} 个，请先移除` : `搜索已发布的${label}标题，选中即推荐`}
          disabled={full || add.isPending}
          value={null}
          onChange={(id) => addItem(id)}
          showSearch={{ filterOption: false, onSearch: setTyped }}
          loading={candidates.isFetching || add.isPending}
          notFoundContent={candidates.isFetching ? '搜索中…' : `没有可推荐的${label}`}
          options={(candidates.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.title}（${c.authorName}${c.detail ? ` · ${c.detail}` : ''}）`,
          }))}
        />
      </div>
      {!loading && items.length === 0 ? (
        // No table when empty: an empty table that only scrolls sideways is a scroll region with nothing to focus.
        <p className={styles.emptyBox}>还没有推荐的{label}，首页按发布时间展示</p>
      ) : (
        <Table<FeaturedItem>
          rowKey="id"
          loading={loading || busy}
          dataSource={items}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            {
              title: '顺序',
              key: 'order',
              width: 110,
              render: (_, item, index) => (
                <Space size={4}>
                  <Button
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={`上移《${item.title}》`}
                    disabled={index === 0 || busy}
                    onClick={() => reorderItems(moved(items, index, -1).map((i) => i.id))}
                  />
                  <Button
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={`下移《${item.title}》`}
                    disabled={index === items.length - 1 || busy}
                    onClick={() => reorderItems(moved(items, index, 1).map((i) => i.id))}
                  />
                </Space>
              ),
            },
            { title: '标题', dataIndex: 'title' },
            { title: '作者', dataIndex: 'authorName', width: 110 },
            { title: kind === 'course' ? '学段学科' : '课程数', dataIndex: 'detail', width: 140 },
            {
              title: '状态',
              dataIndex: 'published',
              width: 100,
              render: (published: boolean) =>
                published ? <Tag color="green">展示中</Tag> : <Tag title="已下架或删除，首页不再显示">已下架</Tag>,
            },
            {
              title: '操作',
              key: 'actions',
              width: 90,
              fixed: 'right',
              render: (_, item) => (
                <Popconfirm
                  title={`取消推荐《${item.title}》？`}
                  okText="取消推荐"
                  cancelText="保留"
                  onConfirm={() => removeItem(item.id)}
                >
                  <Button type="link" danger aria-label={`移除《${item.title}》`} disabled={busy}>
                    移除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </section>
  );
};

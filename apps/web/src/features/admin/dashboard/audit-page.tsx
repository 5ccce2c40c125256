import type { AuditItem } from '@zyk/shared';
import { Button, DatePicker, Drawer, Grid, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { ConsolePage } from '../components/console-page.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { useAuditPage } from '../hooks/use-dashboard.ts';
import styles from './dashboard.module.css';

const PAGE_SIZE = 20;
const json = (value: unknown) => (value === null || value === undefined ? '（无）' : JSON.stringify(value, null, 2));

/** The audit log: who did what to which record, from where; filters; before and after side by side. */
export const AuditPage = () => {
  const screens = Grid.useBreakpoint();
  const [current, setCurrent] = useState(1);
  const [action, setAction] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [open, setOpen] = useState<AuditItem | null>(null);
  const query = {
    current,
    size: PAGE_SIZE,
    ...(action ? { action } : {}),
    ...(keyword ? { keyword } : {}),
    ...(range?.[0] ? { from: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { to: range[1].format('YYYY-MM-DD') } : {}),
  };
  const list = useAuditPage(query);

  return (
    <TouchSize>
      <ConsolePage
        title="操作日志"
        description="管理后台的每一次操作：操作人、操作、对象、修改前后与来源地址。日志只增不改。"
      >
        <PagedList<AuditItem>
          filtersLabel="筛选操作日志"
          filters={
            <>
              <Select
                aria-label="操作类型"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="全部操作"
                style={{ minWidth: 200 }}
                value={action}
                onChange={(v) => {
                  setAction(v);
                  setCurrent(1);
                }}
                options={list.data?.actions ?? []}
              />
              <Input.Search
                aria-label="关键词"
                placeholder="摘要或操作人"
                allowClear
                maxLength={50}
                style={{ maxWidth: 260 }}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setCurrent(1);
                }}
              />
              <DatePicker.RangePicker
                aria-label="日期范围"
                value={range}
                onChange={(v) => {
                  setRange(v);
                  setCurrent(1);
                }}
              />
            </>
          }
          list={list}
          current={current}
          pageSize={PAGE_SIZE}
          onPage={setCurrent}
          loadErrorText="操作日志加载失败"
          tableLabel="操作日志列表"
          emptyText="没有符合条件的记录"
          scrollX={980}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170 },
            { title: '操作人', dataIndex: 'actorName', width: 160, ellipsis: true },
            { title: '操作', dataIndex: 'actionLabel', width: 140 },
            {
              title: '对象',
              key: 'target',
              width: 130,
              render: (_, r) => `${r.targetType}${r.targetId ? ` #${r.targetId}` : ''}`,
            },
            { title: '摘要', dataIndex: 'summary', ellipsis: true },
            { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
            {
              title: '详情',
              key: 'detail',
              width: 90,
              render: (_, r) => <Button onClick={() => setOpen(r)}>查看</Button>,
            },
          ]}
        />
        <Drawer
          open={open !== null}
          onClose={() => setOpen(null)}
          title={open ? `${open.actionLabel}：${open.summary}` : ''}
          size={screens.md === false ? '100%' : 800}
        >
          {open && (
            <>
              <p>
                {open.createdAt} · {open.actorName} · {open.ip ?? '—'}
              </p>
              <div className={styles.compare}>
                <section aria-labelledby="audit-before">
                  <h2 id="audit-before" className={styles.sectionTitle}>
                    修改前
                  </h2>
                  <pre className={styles.json}>{json(open.before)}</pre>
                </section>
                <section aria-labelledby="audit-after">
                  <h2 id="audit-after" className={styles.sectionTitle}>
                    修改后
                  </h2>
                  <pre className={styles.json}>{json(open.after)}</pre>
                </section>
              </div>
            </>
          )}
        </Drawer>
      </ConsolePage>
    </TouchSize>
  );
};

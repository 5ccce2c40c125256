import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminAreaNode, AdminDictEntry } from '@zyk/shared';
import { Button, Card, Form, Input, Modal, message, Select, Skeleton, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ConsolePage } from '../components/console-page.tsx';
import {
  useAreas,
  useCreateDictEntry,
  useDictTree,
  useMoveArea,
  useMoveDictEntry,
  useSaveArea,
  useUpdateDictEntry,
} from '../hooks/use-dashboard.ts';
import styles from './dashboard.module.css';

type Toast = ReturnType<typeof message.useMessage>[0];

/** Edit dialog of a stage or subject: name and aliases (one per line or separated by 、 or commas). */
const EntryDialog = ({
  open,
  title,
  initial,
  withCode,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial?: { name: string; aliases: string[] };
  withCode?: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: { name: string; aliases: string[]; code?: string }) => void;
}) => {
  const [form] = Form.useForm<{ name: string; aliases: string; code?: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => form.submit()}
      afterOpenChange={(visible) => {
        if (visible) form.setFieldsValue({ name: initial?.name ?? '', aliases: initial?.aliases.join('、') ?? '' });
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          onSubmit({
            name: v.name.trim(),
            aliases: (v.aliases ?? '')
              .split(/[、,，\s]+/)
              .map((a) => a.trim())
              .filter(Boolean),
            ...(withCode ? { code: v.code?.trim() } : {}),
          })
        }
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input maxLength={20} />
        </Form.Item>
        {withCode && (
          <Form.Item
            name="code"
            label="学段代码（小写字母，如 special）"
            rules={[
              { required: true, pattern: /^[a-z][a-z0-9-]{1,29}$/, message: '请输入 2–30 位小写字母、数字或连字符' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
        )}
        <Form.Item name="aliases" label="别名（检索时与名称等同，用顿号或逗号分隔）" extra="例如 生物学 的别名：生物">
          <Input maxLength={120} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

type Dialog =
  | { kind: 'edit'; entry: AdminDictEntry }
  | { kind: 'addSubject'; stage: AdminDictEntry }
  | { kind: 'addStage' }
  | null;

const DictPanel = ({ toast }: { toast: Toast }) => {
  const tree = useDictTree();
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = (text: string) => {
    toast.success(text);
    setDialog(null);
  };
  const fail = (error: unknown) => toast.error(errorText(error, '操作失败'));
  const update = useUpdateDictEntry();
  const move = useMoveDictEntry();
  const create = useCreateDictEntry();

  const row = (entry: AdminDictEntry, index: number, count: number, what: string) => (
    <Space wrap size={[8, 4]}>
      <Button
        aria-label={`上移${entry.name}`}
        icon={<ArrowUpOutlined aria-hidden />}
        disabled={index === 0}
        loading={move.isPending && move.variables?.id === entry.id && move.variables.direction === 'up'}
        onClick={() => void move.mutateAsync({ id: entry.id, direction: 'up' }).catch(fail)}
      />
      <Button
        aria-label={`下移${entry.name}`}
        icon={<ArrowDownOutlined aria-hidden />}
        disabled={index === count - 1}
        loading={move.isPending && move.variables?.id === entry.id && move.variables.direction === 'down'}
        onClick={() => void move.mutateAsync({ id: entry.id, direction: 'down' }).catch(fail)}
      />
      <Switch
        aria-label={`${entry.enabled ? '停用' : '启用'}${what}${entry.name}`}
        checked={entry.enabled}
        checkedChildren="启用"
        unCheckedChildren="停用"
        loading={update.isPending && update.variables?.id === entry.id}
        onChange={(enabled) =>
          // Each row's answer is told, even when rows are switched faster than the api answers.
          void update
            .mutateAsync({ id: entry.id, enabled })
            .then(() => done(`已${enabled ? '启用' : '停用'}“${entry.name}”`), fail)
        }
      />
      <Button onClick={() => setDialog({ kind: 'edit', entry })}>编辑</Button>
    </Space>
  );

  if (tree.isPending) return <Skeleton active />;
  if (tree.isError) return <LoadError message={errorText(tree.error)} onRetry={() => tree.refetch()} />;
  const stages = tree.data;
  const busy = update.isPending || create.isPending;
  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <span>停用的学段或学科不再出现在选择列表中；已使用它的资源与用户不受影响，仍显示其名称。</span>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'addStage' })}>
          新增学段
        </Button>
      </div>
      {stages.map((stage, i) => (
        <Card
          key={stage.id}
          size="small"
          title={
            <div className={styles.stageHead}>
              <h2 className={styles.sectionTitle} style={{ margin: 0 }}>
                {stage.name} {!stage.enabled && <Tag>已停用</Tag>}
              </h2>
              {row(stage, i, stages.length, '学段')}
            </div>
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={stage.subjects}
            locale={{ emptyText: <span className={styles.empty}>还没有学科</span> }}
            columns={[
              {
                title: '学科',
                dataIndex: 'name',
                render: (name: string, s) => (
                  <span>
                    {name} {!s.enabled && <Tag>已停用</Tag>}
                  </span>
                ),
              },
              {
                title: '别名',
                dataIndex: 'aliases',
                render: (aliases: string[]) => (aliases.length ? aliases.join('、') : '—'),
              },
              {
                title: '操作',
                key: 'actions',
                width: 340,
                render: (_, s, index) => row(s, index, stage.subjects.length, '学科'),
              },
            ]}
          />
          <Button
            style={{ marginTop: 8 }}
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'addSubject', stage })}
          >
            新增{stage.name}学科
          </Button>
        </Card>
      ))}
      <EntryDialog
        open={dialog !== null}
        busy={busy}
        title={
          dialog?.kind === 'edit'
            ? `编辑“${dialog.entry.name}”`
            : dialog?.kind === 'addSubject'
              ? `新增${dialog.stage.name}学科`
              : '新增学段'
        }
        initial={dialog?.kind === 'edit' ? dialog.entry : undefined}
        withCode={dialog?.kind === 'addStage'}
        onCancel={() => setDialog(null)}
        onSubmit={(values) => {
          if (dialog?.kind === 'edit') {
            update.mutate(
              { id: dialog.entry.id, name: values.name, aliases: values.aliases },
              { onSuccess: () => done('已保存'), onError: fail },
            );
          } else if (dialog?.kind === 'addSubject') {
            create.mutate(
              { stageId: dialog.stage.id, name: values.name, aliases: values.aliases },
              { onSuccess: () => done(`已新增“${values.name}”`), onError: fail },
            );
          } else if (dialog?.kind === 'addStage') {
            create.mutate(
              { code: values.code, name: values.name, aliases: values.aliases },
              { onSuccess: () => done(`已新增“${values.name}”`), onError: fail },
            );
          }
        }}
      />
    </div>
  );
};

const LEVEL_NAMES = ['', '省', '市', '区县'];

const AreasPanel = ({ toast }: { toast: Toast }) => {
  const areas = useAreas();
  const [province, setProvince] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [dialog, setDialog] = useState<
    { kind: 'add'; parentCode: string | null } | { kind: 'rename'; area: AdminAreaNode } | null
  >(null);
  const [form] = Form.useForm<{ code?: string; name: string }>();
  const fail = (error: unknown) => toast.error(errorText(error, '操作失败'));
  const move = useMoveArea();
  const save = useSaveArea();
  const submit = (v: { code?: string; name: string }) =>
    save.mutate(
      dialog?.kind === 'rename'
        ? { rename: { code: dialog.area.code, name: v.name } }
        : {
            create: {
              code: v.code ?? '',
              name: v.name,
              ...(dialog?.parentCode ? { parentCode: dialog.parentCode } : {}),
            },
          },
      {
        onSuccess: () => {
          toast.success('已保存');
          setDialog(null);
        },
        onError: fail,
      },
    );

  const children = useMemo(() => {
    const map = new Map<string | null, AdminAreaNode[]>();
    for (const area of areas.data ?? []) map.set(area.parentCode, [...(map.get(area.parentCode) ?? []), area]);
    return map;
  }, [areas.data]);

  if (areas.isPending) return <Skeleton active />;
  if (areas.isError) return <LoadError message={errorText(areas.error)} onRetry={() => areas.refetch()} />;
  const provinces = children.get(null) ?? [];
  const parentCode = city ?? province;
  const rows = children.get(parentCode) ?? [];
  const level = city ? 3 : province ? 2 : 1;
  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <Select
          aria-label="省"
          placeholder="省（不选则编辑省级）"
          allowClear
          style={{ minWidth: 200 }}
          value={province}
          onChange={(v) => {
            setProvince(v ?? null);
            setCity(null);
          }}
          options={provinces.map((p) => ({ value: p.code, label: p.name }))}
        />
        <Select
          aria-label="市"
          placeholder="市（不选则编辑市级）"
          allowClear
          disabled={!province}
          style={{ minWidth: 200 }}
          value={city}
          onChange={(v) => setCity(v ?? null)}
          options={(province ? (children.get(province) ?? []) : []).map((c) => ({ value: c.code, label: c.name }))}
        />
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            form.resetFields();
            setDialog({ kind: 'add', parentCode });
          }}
        >
          新增{LEVEL_NAMES[level]}
        </Button>
      </div>
      <Table
        rowKey="code"
        size="small"
        scroll={{ x: 560 }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        dataSource={rows}
        locale={{ emptyText: <span className={styles.empty}>这一级还没有地区</span> }}
        columns={[
          { title: '代码', dataIndex: 'code', width: 110 },
          { title: LEVEL_NAMES[level], dataIndex: 'name' },
          {
            title: '操作',
            key: 'actions',
            width: 240,
            render: (_, area, index) => (
              <Space wrap>
                <Button
                  aria-label={`上移${area.name}`}
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={index === 0}
                  onClick={() => void move.mutateAsync({ code: area.code, direction: 'up' }).catch(fail)}
                />
                <Button
                  aria-label={`下移${area.name}`}
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={index === rows.length - 1}
                  onClick={() => void move.mutateAsync({ code: area.code, direction: 'down' }).catch(fail)}
                />
                <Button
                  onClick={() => {
                    form.setFieldsValue({ name: area.name });
                    setDialog({ kind: 'rename', area });
                  }}
                >
                  改名
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'rename' ? `地区“${dialog.area.name}”改名` : `新增${LEVEL_NAMES[level]}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          {dialog?.kind === 'add' && (
            <Form.Item
              name="code"
              label="行政区划代码（6 位数字）"
              rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字代码' }]}
            >
              <Input maxLength={6} inputMode="numeric" />
            </Form.Item>
          )}
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};

/** Stages and subjects (order, enable, rename, aliases, add) and the area tree. */
export const DictPage = () => {
  const [toast, toastHolder] = message.useMessage();
  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage title="学段学科与地区" description="调整学段、学科的顺序、名称、别名与启用状态；维护省、市、区县。">
        <Tabs
          items={[
            { key: 'dict', label: '学段与学科', children: <DictPanel toast={toast} /> },
            { key: 'areas', label: '地区', children: <AreasPanel toast={toast} /> },
          ]}
        />
      </ConsolePage>
    </TouchSize>
  );
};

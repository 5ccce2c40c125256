import { PlusOutlined } from '@ant-design/icons';
import type { AdminSchoolRow } from '@zyk/shared';
import { Button, Cascader, Form, Input, InputNumber, Modal, message, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import type { SchoolBody } from '../api/people-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import {
  type AreaOption,
  useAreaOptions,
  useSaveSchool,
  useSchools,
  useSetSchoolRetired,
} from '../hooks/use-people.ts';
import styles from './people.module.css';

/**
 * 省 / 市 / 区县 from the public area tree, loaded a level at a time; the levels of an existing value are loaded
 * up front so the picker shows it.
 */
const AreaPicker = ({ value, onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) => {
  const { options, loadChildren } = useAreaOptions(value);
  return (
    <Cascader
      id={id}
      options={options}
      loadData={(path) => void loadChildren(path as AreaOption[])}
      value={value}
      onChange={(v) => onChange?.((v as string[] | undefined) ?? [])}
      changeOnSelect
      allowClear
      placeholder="选择省 / 市 / 区县"
    />
  );
};

interface SchoolValues {
  name: string;
  code: string;
  area: string[];
  sort: number;
}

const SchoolForm = ({
  school,
  onClose,
  onSaved,
}: {
  school: AdminSchoolRow | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) => {
  const [form] = Form.useForm<SchoolValues>();
  const save = useSaveSchool();
  const submit = (v: SchoolValues) => {
    const body: SchoolBody = { name: v.name, code: v.code, areaCode: v.area?.at(-1) ?? null, sort: v.sort ?? 0 };
    // The form shows a failure (save.error).
    void save.mutateAsync({ id: school ? school.id : null, body }).then(
      () => onSaved(body.name),
      () => {},
    );
  };
  return (
    <Modal
      open
      title={school ? `编辑学校：${school.name}` : '新建学校'}
      okText={school ? '保存' : '创建'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<SchoolValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          school
            ? { name: school.name, code: school.code, area: school.areaPath.map((a) => a.code), sort: school.sort }
            : { area: [], sort: 0 }
        }
        data-testid="school-form"
      >
        <Form.Item
          name="name"
          label="学校名称"
          rules={[
            { required: true, whitespace: true, message: '请填写学校名称' },
            { min: 2, max: 50, message: '学校名称为 2-50 字' },
          ]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="code"
          label="学校编码"
          extra="名册的 school 列可以填写此编码"
          rules={[
            { required: true, message: '请填写学校编码' },
            {
              pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/,
              message: '2-32 位字母、数字、下划线或连字符，以字母或数字开头',
            },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="area" label="所在地区">
          <AreaPicker />
        </Form.Item>
        <Form.Item name="sort" label="排序号" extra="数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {save.isError && (
          <p role="alert" className={styles.error}>
            {errorText(save.error, '保存失败')}
          </p>
        )}
      </Form>
    </Modal>
  );
};

/** /admin/schools: the district's schools with their area, members and status; create, edit, retire, restore. */
export const SchoolsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<AdminSchoolRow | 'new' | null>(null);
  const schools = useSchools();
  const retire = useSetSchoolRetired();
  /** Retires or restores a school and says how it went; the promise fails as the request did. */
  const setRetired = (id: number, retired: boolean) =>
    retire.mutateAsync({ id, retired }).then(
      (r) => void toast.success(r.retired ? '学校已停用' : '学校已恢复'),
      (error: unknown) => {
        void toast.error(errorText(error, '操作失败'));
        throw error;
      },
    );
  const rows = (schools.data ?? []).filter(
    (s) => !keyword || s.name.includes(keyword) || s.code.toLowerCase().includes(keyword.toLowerCase()),
  );

  return (
    <TouchSize>
      <ConsolePage
        title="学校管理"
        description="全区的学校及其所在地区。停用的学校保留原有成员，但不再接收新成员（名册导入与新建用户都会拒绝）。"
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            新建学校
          </Button>
        }
      >
        {toastHolder}
        <search className={styles.filters}>
          <Input.Search
            className={styles.search}
            allowClear
            placeholder="学校名称或编码"
            aria-label="搜索学校（名称或编码）"
            onSearch={(v) => setKeyword(v.trim())}
          />
        </search>
        {schools.isError ? (
          <LoadError message={errorText(schools.error, '学校加载失败')} onRetry={() => void schools.refetch()} />
        ) : (
          <Table<AdminSchoolRow>
            rowKey="id"
            loading={schools.isPending}
            dataSource={rows}
            scroll={{ x: 860 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: '没有符合条件的学校' }}
            onRow={(s) => ({ 'data-testid': `school-row-${s.code}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: '学校',
                dataIndex: 'name',
                render: (_, s) => (
                  <div className={styles.nameCell}>
                    <strong>{s.name}</strong>
                    <span className={styles.muted}>{s.code}</span>
                  </div>
                ),
              },
              {
                title: '所在地区',
                key: 'area',
                width: 220,
                render: (_, s) => (s.areaPath.length ? s.areaPath.map((a) => a.name).join(' / ') : '—'),
              },
              {
                title: '成员',
                dataIndex: 'memberCount',
                width: 90,
                sorter: (a, b) => a.memberCount - b.memberCount,
                render: (n: number) => `${n} 人`,
              },
              { title: '排序', dataIndex: 'sort', width: 80, sorter: (a, b) => a.sort - b.sort },
              {
                title: '状态',
                key: 'status',
                width: 110,
                filters: [
                  { text: '使用中', value: 'active' },
                  { text: '已停用', value: 'retired' },
                ],
                onFilter: (value, s) => (value === 'retired') === s.retired,
                render: (_, s) => (
                  <Space size={4}>
                    {s.retired ? <Tag>已停用</Tag> : <Tag color="green">使用中</Tag>}
                    {s.isDefault && <Tag color="blue">默认</Tag>}
                  </Space>
                ),
              },
              {
                title: '操作',
                key: 'actions',
                width: 140,
                fixed: 'right',
                render: (_, s) => (
                  <Space size={4}>
                    <Button type="link" onClick={() => setEditing(s)} aria-label={`编辑 ${s.name}`}>
                      编辑
                    </Button>
                    {s.retired ? (
                      <Button
                        type="link"
                        onClick={() => void setRetired(s.id, false).catch(() => {})}
                        aria-label={`恢复 ${s.name}`}
                      >
                        恢复
                      </Button>
                    ) : (
                      !s.isDefault && (
                        <Popconfirm
                          title={`停用 ${s.name}？`}
                          description="原有成员保留，不再接收新成员。"
                          okText="停用"
                          cancelText="取消"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => setRetired(s.id, true)}
                        >
                          <Button type="link" danger aria-label={`停用 ${s.name}`}>
                            停用
                          </Button>
                        </Popconfirm>
                      )
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
        {editing && (
          <SchoolForm
            school={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              void toast.success(editing === 'new' ? `已新建学校 ${name}` : `已保存 ${name}`);
              setEditing(null);
            }}
          />
        )}
      </ConsolePage>
    </TouchSize>
  );
};

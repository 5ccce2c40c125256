import { PlusOutlined } from '@ant-design/icons';
import type { AdminUserDetail, AdminUserOptions, AdminUserRow } from '@zyk/shared';
import {
  Button,
  Descriptions,
  Drawer,
  Grid,
  Input,
  message,
  Popconfirm,
  Select,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { useState } from 'react';
import { LoadError, Loading } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import type { UserQuery } from '../api/people-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useCan, useIdentity } from '../hooks/use-identity.ts';
import { useSetUserStatus, useUnlockUser, useUser, useUserOptions, useUsers } from '../hooks/use-people.ts';
import styles from './people.module.css';
import { CreateUserModal, EditUserModal, ResetPasswordModal, RolesModal } from './user-forms.tsx';

const PAGE_SIZE = 20;
type Sort = 'createdAt' | 'userName' | 'realName';

const STATUS_TAGS: Record<AdminUserRow['status'], { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: '正常' },
  DISABLED: { color: 'default', label: '已停用' },
  PENDING: { color: 'gold', label: '待审核' },
  REJECTED: { color: 'red', label: '注册未通过' },
};

const StatusTag = ({ status }: { status: AdminUserRow['status'] }) => (
  <Tag color={STATUS_TAGS[status].color}>{STATUS_TAGS[status].label}</Tag>
);

const stageText = (u: AdminUserRow) => [u.stageName, u.subjectName].filter(Boolean).join(' · ') || '—';

/** /admin/users: search and filter the users in reach, see one in a drawer, create, edit, disable, reset, unlock. */
export const UsersPage = () => {
  const can = useCan();
  const identity = useIdentity();
  const [toast, toastHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<Omit<UserQuery, 'keyword' | 'current' | 'size' | 'sort' | 'order'>>({});
  const [current, setCurrent] = useState(1);
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'createdAt', order: 'desc' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const query: UserQuery = {
    current,
    size: PAGE_SIZE,
    ...sort,
    ...(keyword ? { keyword } : {}),
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null)),
  };
  const users = useUsers(query);
  const options = useUserOptions();
  const district = !!identity.data?.scope.all;
  const writable = can('users.write');

  const setFilter = (patch: typeof filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCurrent(1);
  };
  const stageSubjects = options.data?.stages.find((s) => s.id === filters.stageId)?.subjects ?? [];

  const onTableChange: TableProps<AdminUserRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? (one.field as Sort) : 'createdAt';
    const order = one?.order === 'ascend' ? 'asc' : 'desc';
    if (field !== sort.sort || order !== sort.order) {
      setSort({ sort: field, order });
      setCurrent(1);
    } else {
      setCurrent(pagination.current ?? 1);
    }
  };
  const sortOrderOf = (field: Sort) =>
    sort.sort === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  return (
    <TouchSize>
      <ConsolePage
        title="用户管理"
        description={
          district
            ? '全区教师与管理员账号：搜索、筛选、新建、编辑、停用、重置密码与解除登录锁定。'
            : `本校（${identity.data?.scope.schoolName ?? ''}）教师账号：搜索、筛选、新建、编辑、停用、重置密码与解除登录锁定。`
        }
        actions={
          writable &&
          options.data && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              新建用户
            </Button>
          )
        }
      >
        {toastHolder}
        <search className={styles.filters}>
          <Input.Search
            className={styles.search}
            allowClear
            placeholder="姓名、用户名或手机号"
            aria-label="搜索用户（姓名、用户名或手机号）"
            onSearch={(v) => {
              setKeyword(v.trim());
              setCurrent(1);
            }}
            data-testid="user-search"
          />
          {options.data && options.data.schools.length > 1 && (
            <Select
              className={styles.filter}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="学校"
              aria-label="按学校筛选"
              value={filters.schoolId}
              onChange={(v) => setFilter({ schoolId: v })}
              options={options.data.schools.map((s) => ({ value: s.id, label: s.name }))}
            />
          )}
          <Select
            className={styles.filter}
            allowClear
            placeholder="角色"
            aria-label="按角色筛选"
            value={filters.roleId}
            onChange={(v) => setFilter({ roleId: v })}
            options={options.data?.roles.map((r) => ({ value: r.id, label: r.name }))}
          />
          <Select
            className={styles.filter}
            allowClear
            placeholder="状态"
            aria-label="按状态筛选"
            value={filters.status}
            onChange={(v) => setFilter({ status: v })}
            options={[
              { value: 'ACTIVE', label: '正常' },
              { value: 'DISABLED', label: '已停用' },
            ]}
            data-testid="status-filter"
          />
          <Select
            className={styles.filter}
            allowClear
            placeholder="学段"
            aria-label="按学段筛选"
            value={filters.stageId}
            onChange={(v) => setFilter({ stageId: v, subjectId: undefined })}
            options={options.data?.stages.map((s) => ({ value: s.id, label: s.name }))}
          />
          {/* Subjects belong to a stage: the subject filter shows once a stage is picked. */}
          {filters.stageId ? (
            <Select
              className={styles.filter}
              allowClear
              placeholder="学科"
              aria-label="按学科筛选"
              value={filters.subjectId}
              onChange={(v) => setFilter({ subjectId: v })}
              options={stageSubjects.map((s) => ({ value: s.id, label: s.name }))}
            />
          ) : null}
        </search>
        {users.isError ? (
          <LoadError message={errorText(users.error, '用户加载失败')} onRetry={() => void users.refetch()} />
        ) : (
          <Table<AdminUserRow>
            rowKey="id"
            loading={users.isPending}
            dataSource={users.data?.objList}
            scroll={{ x: 980 }}
            onChange={onTableChange}
            locale={{ emptyText: '没有符合条件的用户' }}
            pagination={{
              current,
              pageSize: PAGE_SIZE,
              total: users.data?.pageBean.totalCount ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 人`,
            }}
            onRow={(u) => ({ 'data-testid': `user-row-${u.userName}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: '姓名',
                dataIndex: 'realName',
                sorter: true,
                sortOrder: sortOrderOf('realName'),
                width: 150,
                render: (_, u) => (
                  <div className={styles.nameCell}>
                    <strong>{u.realName}</strong>
                    <span className={styles.muted}>{u.userName}</span>
                  </div>
                ),
              },
              {
                title: '用户名',
                dataIndex: 'userName',
                sorter: true,
                sortOrder: sortOrderOf('userName'),
                width: 120,
              },
              { title: '手机号', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
              { title: '学校', dataIndex: 'schoolName', width: 180 },
              { title: '学段学科', key: 'stage', width: 130, render: (_, u) => stageText(u) },
              {
                title: '角色',
                key: 'roles',
                width: 160,
                render: (_, u) => (
                  <span className={styles.permissions}>
                    {u.roles.map((r) => (
                      <Tag key={r.id} color={r.scope === 'none' ? undefined : 'blue'}>
                        {r.name}
                      </Tag>
                    ))}
                  </span>
                ),
              },
              {
                title: '状态',
                dataIndex: 'status',
                width: 90,
                render: (s: AdminUserRow['status']) => <StatusTag status={s} />,
              },
              {
                title: '创建时间',
                dataIndex: 'createdAt',
                sorter: true,
                sortOrder: sortOrderOf('createdAt'),
                width: 170,
              },
              {
                title: '操作',
                key: 'actions',
                width: 90,
                fixed: 'right',
                render: (_, u) => (
                  <Button
                    type="link"
                    onClick={() => setOpenId(u.id)}
                    aria-label={`详情：${u.realName}（${u.userName}）`}
                  >
                    详情
                  </Button>
                ),
              },
            ]}
          />
        )}
        {openId !== null && options.data && (
          <UserDrawer
            id={openId}
            options={options.data}
            district={district}
            onClose={() => setOpenId(null)}
            onChanged={(text) => void toast.success(text)}
          />
        )}
        {creating && options.data && (
          <CreateUserModal
            options={options.data}
            schoolFixed={!district}
            rolesAllowed={district && can('users.roles')}
            onClose={() => setCreating(false)}
            onCreated={(id, realName) => {
              setCreating(false);
              void toast.success(`已新建用户 ${realName}`);
              setOpenId(id);
            }}
          />
        )}
      </ConsolePage>
    </TouchSize>
  );
};

type Dialog = 'edit' | 'password' | 'roles' | null;

/** One user: their profile and the actions the administrator's permissions allow. */
const UserDrawer = ({
  id,
  options,
  district,
  onClose,
  onChanged,
}: {
  id: number;
  options: AdminUserOptions;
  district: boolean;
  onClose: () => void;
  onChanged: (text: string) => void;
}) => {
  const can = useCan();
  const identity = useIdentity();
  const screens = Grid.useBreakpoint();
  const [toast, toastHolder] = message.useMessage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const detail = useUser(id);
  const u = detail.data;
  const writable = can('users.write');
  const self = identity.data?.userId === id;

  const done = (text: string) => {
    setDialog(null);
    onChanged(text);
  };
  const status = useSetUserStatus();
  const unlock = useUnlockUser();
  const fail = (error: unknown) => void toast.error(errorText(error, '操作失败'));
  /** Disables or enables the user and says how it went; the promise fails as the request did. */
  const setStatus = (next: 'ACTIVE' | 'DISABLED') =>
    status.mutateAsync({ id, status: next }).then(
      (r) => done(r.status === 'DISABLED' ? '已停用，其全部会话已退出' : '已启用'),
      (error: unknown) => {
        fail(error);
        throw error;
      },
    );
  const unlockNow = () =>
    unlock.mutateAsync(id).then((r) => done(r.wasLocked ? '已解除登录锁定' : '该用户没有登录锁定'), fail);

  return (
    <Drawer
      open
      onClose={onClose}
      title={u ? `${u.realName}（${u.userName}）` : '用户详情'}
      size={screens.md === false ? '100%' : 560}
      destroyOnHidden
    >
      {toastHolder}
      {detail.isError ? (
        <LoadError message={errorText(detail.error, '用户加载失败')} onRetry={() => void detail.refetch()} />
      ) : !u ? (
        <Loading />
      ) : (
        <div className={styles.stack} data-testid="user-detail">
          <Descriptions column={1} bordered size="small" className={styles.details}>
            <Descriptions.Item label="姓名">{u.realName}</Descriptions.Item>
            <Descriptions.Item label="用户名">{u.userName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={u.status} />
              {u.lockedUntil && <Tag color="orange">登录锁定至 {u.lockedUntil}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{u.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{u.idCard ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="学校">{u.schoolName}</Descriptions.Item>
            <Descriptions.Item label="学段学科">{stageText(u)}</Descriptions.Item>
            <Descriptions.Item label="角色">
              <span className={styles.permissions}>
                {u.roles.map((r) => (
                  <Tag key={r.id}>{r.name}</Tag>
                ))}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="在线会话">{u.sessionCount}</Descriptions.Item>
            <Descriptions.Item label="会员编号">{u.memberId}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{u.createdAt}</Descriptions.Item>
            <Descriptions.Item label="密码修改">{u.passwordChangedAt ?? '未修改过'}</Descriptions.Item>
          </Descriptions>
          {writable && (
            <div className={styles.actions}>
              <Button onClick={() => setDialog('edit')}>编辑资料</Button>
              {u.status === 'ACTIVE' ? (
                <Popconfirm
                  title={`停用 ${u.realName}？`}
                  description="停用后其全部会话立即退出，无法再登录。"
                  okText="停用"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  disabled={self}
                  onConfirm={() => setStatus('DISABLED')}
                >
                  <Button danger disabled={self} title={self ? '不能停用自己的账号' : undefined}>
                    停用
                  </Button>
                </Popconfirm>
              ) : (
                <Button loading={status.isPending} onClick={() => void setStatus('ACTIVE').catch(() => {})}>
                  启用
                </Button>
              )}
              <Button onClick={() => setDialog('password')}>重置密码</Button>
              <Button loading={unlock.isPending} disabled={!u.lockedUntil} onClick={() => void unlockNow()}>
                解除锁定
              </Button>
              {can('users.roles') && <Button onClick={() => setDialog('roles')}>设置角色</Button>}
            </div>
          )}
          {dialog === 'edit' && (
            <EditUserModal
              user={u}
              options={options}
              schoolEditable={district}
              onClose={() => setDialog(null)}
              onSaved={() => done('资料已保存')}
            />
          )}
          {dialog === 'password' && (
            <ResetPasswordModal
              user={u as AdminUserDetail}
              onClose={() => setDialog(null)}
              onDone={() => done('密码已重置，其全部会话已退出')}
            />
          )}
          {dialog === 'roles' && (
            <RolesModal user={u} options={options} onClose={() => setDialog(null)} onSaved={() => done('角色已更新')} />
          )}
        </div>
      )}
    </Drawer>
  );
};

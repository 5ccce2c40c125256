import { type AdminRoleRow, PERMISSION_CODES, PERMISSIONS, type Permission, ROLE_SCOPES } from '@zyk/shared';
import { Alert, Button, Checkbox, Modal, message, Table, Tag } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { useConfirmPassword } from '../components/confirm-password.tsx';
import { ConsolePage } from '../components/console-page.tsx';
import { useIdentity } from '../hooks/use-identity.ts';
import { useRoles, useSetRolePermissions } from '../hooks/use-people.ts';
import styles from './people.module.css';

const PermissionsEditor = ({
  role,
  onClose,
  onSaved,
}: {
  role: AdminRoleRow;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [picked, setPicked] = useState<Permission[]>(role.permissions);
  const [ask, confirmHolder] = useConfirmPassword();
  const save = useSetRolePermissions();
  const submit = async () => {
    const password = await ask(`确认修改“${role.name}”的权限`);
    if (password) {
      // The dialog shows a failure (save.error).
      void save
        .mutateAsync({ roleId: role.id, permissions: picked, confirmPassword: password })
        .then(onSaved, () => {});
    }
  };
  return (
    <Modal
      open
      title={`设置“${role.name}”的权限`}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: role.fixed }}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      {confirmHolder}
      <div className={styles.stack}>
        <p className={styles.hint}>
          管理范围：{ROLE_SCOPES[role.scope]}。
          {role.fixed
            ? '区县管理员角色始终拥有全部权限，以免无人能够管理全区。'
            : role.scope === 'none'
              ? '管理范围为“无”的角色不能授予后台权限。'
              : `持有此角色的 ${role.userCount} 人立即按新权限使用管理后台。保存时需要再次输入您的登录密码。`}
        </p>
        <Checkbox.Group
          className={styles.checkboxes}
          value={picked}
          disabled={role.fixed || role.scope === 'none'}
          onChange={(v) => setPicked(v as Permission[])}
          aria-label={`“${role.name}”的权限`}
          options={PERMISSION_CODES.map((p) => ({ value: p, label: PERMISSIONS[p] }))}
        />
        {save.isError && <Alert type="error" showIcon title={errorText(save.error, '保存失败')} />}
      </div>
    </Modal>
  );
};

/** /admin/roles: each role's scope and permissions; edit a role's permissions (password asked again). */
export const RolesPage = () => {
  const identity = useIdentity();
  const [toast, toastHolder] = message.useMessage();
  const [editing, setEditing] = useState<AdminRoleRow | null>(null);
  const roles = useRoles();
  const district = !!identity.data?.scope.all;
  return (
    <TouchSize>
      <ConsolePage
        title="角色权限"
        description="每个角色的管理范围与后台权限。全区：全部学校；本校：持有人所在学校；本学段学科：持有人的学段与学科。"
      >
        {toastHolder}
        {!district && (
          <Alert type="info" showIcon title="只有全区管理员可以修改角色的权限" className={styles.filters} />
        )}
        {roles.isError ? (
          <LoadError message={errorText(roles.error, '角色加载失败')} onRetry={() => void roles.refetch()} />
        ) : (
          <Table<AdminRoleRow>
            rowKey="id"
            loading={roles.isPending}
            dataSource={roles.data}
            pagination={false}
            scroll={{ x: 860 }}
            onRow={(r) => ({ 'data-testid': `role-row-${r.code}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: '角色',
                dataIndex: 'name',
                width: 140,
                render: (_, r) => (
                  <div className={styles.nameCell}>
                    <strong>{r.name}</strong>
                    <span className={styles.muted}>{r.code}</span>
                  </div>
                ),
              },
              {
                title: '管理范围',
                dataIndex: 'scope',
                width: 110,
                render: (s: AdminRoleRow['scope']) => ROLE_SCOPES[s],
              },
              { title: '持有人数', dataIndex: 'userCount', width: 90, render: (n: number) => `${n} 人` },
              {
                title: '权限',
                key: 'permissions',
                render: (_, r) =>
                  r.permissions.length === 0 ? (
                    <span className={styles.muted}>无后台权限</span>
                  ) : r.fixed ? (
                    <Tag color="gold">全部权限</Tag>
                  ) : (
                    <span className={styles.permissions}>
                      {r.permissions.map((p) => (
                        <Tag key={p}>{PERMISSIONS[p]}</Tag>
                      ))}
                    </span>
                  ),
              },
              {
                title: '操作',
                key: 'actions',
                width: 110,
                fixed: 'right',
                render: (_, r) => (
                  <Button
                    type="link"
                    disabled={!district || r.fixed || r.scope === 'none'}
                    onClick={() => setEditing(r)}
                    aria-label={`设置权限：${r.name}`}
                  >
                    设置权限
                  </Button>
                ),
              },
            ]}
          />
        )}
        {editing && (
          <PermissionsEditor
            role={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              void toast.success(`已更新“${editing.name}”的权限`);
              setEditing(null);
            }}
          />
        )}
      </ConsolePage>
    </TouchSize>
  );
};

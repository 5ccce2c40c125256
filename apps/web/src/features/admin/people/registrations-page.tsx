import type { AdminApplicantRow } from '@zyk/shared';
import { Alert, Button, message, Popconfirm, type TableProps } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import type { RegistrationQuery } from '../api/people-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { ConsoleTable } from '../components/console-table.tsx';
import { PromptDialog, type PromptRequest } from '../components/prompt-dialog.tsx';
import { useCan } from '../hooks/use-identity.ts';
import { useApproveRegistration, useRegistrations, useRejectRegistration } from '../hooks/use-people.ts';
import styles from './people.module.css';

const PAGE_SIZE = 20;

const POLICY_TEXT = {
  open: '本区当前为开放注册：注册即可使用，无需审核。下面是切换前留下的待审申请。',
  approval: '教师注册后由所选学校的管理员审核；通过或拒绝都会以短信通知申请人。',
  roster: '本区当前只允许名单内的教师注册（通过后直接可用）。下面是切换前留下的待审申请。',
} as const;

/**
 * /admin/registrations (注册审核): teachers who registered on the account site and wait for their school's
 * administrator, oldest first. 通过 activates the account; 拒绝 asks for the reason the applicant is texted.
 */
export const RegistrationsPage = () => {
  const can = useCan();
  const [toast, toastHolder] = message.useMessage();
  const [page, setPage] = useState(1);
  const query: RegistrationQuery = { current: page, size: PAGE_SIZE };
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useRegistrations(query);
  const approval = useApproveRegistration();
  const rejection = useRejectRegistration();
  const mayDecide = can('users.write');

  const approve = async (row: AdminApplicantRow) => {
    setBusy(row.id);
    try {
      await approval.mutateAsync(row.id);
      void toast.success(`已通过 ${row.realName} 的注册申请，已短信通知`);
    } catch (error) {
      void toast.error(errorText(error, '操作失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  };

  const reject = (row: AdminApplicantRow) =>
    setPrompt({
      title: `拒绝 ${row.realName} 的注册申请`,
      label: '不通过的原因',
      okText: '拒绝',
      danger: true,
      multiline: true,
      placeholder: '申请人会在短信里看到这段话，例如：经核实非本校教师',
      onSubmit: async (reason) => {
        try {
          await rejection.mutateAsync({ id: row.id, reason });
          void toast.success(`已拒绝 ${row.realName} 的注册申请，已短信通知`);
        } catch (error) {
          void toast.error(errorText(error, '操作失败，请稍后重试'));
          throw error;
        }
      },
    });

  const columns: TableProps<AdminApplicantRow>['columns'] = [
    {
      title: '申请人',
      key: 'name',
      width: 150,
      render: (_, r) => (
        <span className={styles.nameCell}>
          <strong>{r.realName}</strong>
          <span className={styles.muted}>{r.userName}</span>
        </span>
      ),
    },
    { title: '手机号', dataIndex: 'phone', key: 'phone', width: 130, render: (v: string | null) => v ?? '—' },
    { title: '身份证号', dataIndex: 'idCard', key: 'idCard', width: 190, render: (v: string | null) => v ?? '未填' },
    { title: '学校', dataIndex: 'schoolName', key: 'school', width: 180 },
    {
      title: '学段学科',
      key: 'subject',
      width: 120,
      render: (_, r) => [r.stageName, r.subjectName].filter(Boolean).join(' · ') || '—',
    },
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        mayDecide ? (
          <span className={styles.actions}>
            <Popconfirm
              title={`通过 ${r.realName} 的注册申请？`}
              description="通过后账号即可登录。"
              okText="通过"
              cancelText="取消"
              onConfirm={() => approve(r)}
            >
              <Button type="link" loading={busy === r.id} aria-label={`通过 ${r.realName} 的注册申请`}>
                通过
              </Button>
            </Popconfirm>
            <Button type="link" danger onClick={() => reject(r)} aria-label={`拒绝 ${r.realName} 的注册申请`}>
              拒绝
            </Button>
          </span>
        ) : (
          <span className={styles.muted}>无审核权限</span>
        ),
    },
  ];

  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage title="注册审核" description="教师在注册页提交的申请，先到先审；学校管理员只看到本校的申请。">
        {list.data && (
          <Alert
            type={list.data.policy === 'approval' ? 'info' : 'warning'}
            showIcon
            message={POLICY_TEXT[list.data.policy]}
          />
        )}
        {list.isError ? (
          <LoadError message="注册申请加载失败" onRetry={() => void list.refetch()} />
        ) : (
          <div data-testid="registration-table">
            <ConsoleTable<AdminApplicantRow>
              label="待审核的注册申请"
              emptyText="没有待审核的注册申请"
              rowKey="id"
              columns={columns}
              dataSource={list.data?.objList ?? []}
              loading={list.isFetching}
              scroll={{ x: 1090 }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data?.pageBean.totalCount ?? 0,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: setPage,
              }}
            />
          </div>
        )}
        <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
      </ConsolePage>
    </TouchSize>
  );
};

import { ADMIN_VERIFICATION_STATUS_LABELS, type AdminVerificationItem } from '@zyk/shared';
import { Button, Descriptions, Drawer, Grid, message, type TableProps } from 'antd';
import { useState } from 'react';
import { LoadError, Loading } from '../../../components/status.tsx';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MONEY_PAGE_SIZE, type VerificationQuery } from '../api/money-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import {
  useApproveVerification,
  useRejectVerification,
  useVerification,
  useVerifications,
} from '../hooks/use-money.ts';
import styles from './money.module.css';
import {
  DistrictOnly,
  MoneyList,
  PersonCell,
  PromptDialog,
  type PromptRequest,
  reasonRequest,
  StatusTag,
  useDistrictScope,
} from './money-parts.tsx';

/** One request in a drawer: the two ID photos beside what was typed, then approve or reject. */
const VerificationDrawer = ({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (text: string) => void;
}) => {
  const screens = Grid.useBreakpoint();
  const [toast, toastHolder] = message.useMessage();
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useVerification(id);
  const approveRequest = useApproveVerification();
  const rejectRequest = useRejectVerification();
  const v = detail.data;
  const approve = async () => {
    if (!v) return;
    setBusy(true);
    try {
      await approveRequest.mutateAsync(v.id);
      onDecided(`已通过 ${v.realName} 的实名认证`);
    } catch (error) {
      void toast.error(errorText(error, '操作失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  const reject = () =>
    v &&
    setPrompt(
      reasonRequest(`驳回 ${v.realName} 的实名认证`, async (reason) => {
        try {
          await rejectRequest.mutateAsync({ id: v.id, reason });
          onDecided(`已驳回 ${v.realName} 的实名认证`);
        } catch (error) {
          void toast.error(errorText(error, '操作失败，请稍后重试'));
          throw error;
        }
      }),
    );
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title="实名认证申请"
      size={screens.md === false ? '100%' : 640}
      destroyOnHidden
      footer={
        v?.status === 'PENDING' ? (
          <div className={styles.decision}>
            <Button type="primary" loading={busy} onClick={() => void approve()}>
              通过认证
            </Button>
            <Button danger onClick={reject}>
              驳回
            </Button>
          </div>
        ) : null
      }
    >
      {toastHolder}
      {detail.isError ? (
        <LoadError message={errorText(detail.error, '申请加载失败')} onRetry={() => void detail.refetch()} />
      ) : !v ? (
        <Loading />
      ) : (
        <div className={styles.stack} data-testid="verification-detail">
          <div className={styles.photos}>
            <figure className={styles.photo}>
              <img src={v.frontUrl} alt={`${v.claimedName}的身份证人像面`} data-testid="id-photo-front" />
              <figcaption className={styles.muted}>人像面</figcaption>
            </figure>
            <figure className={styles.photo}>
              <img src={v.backUrl} alt={`${v.claimedName}的身份证国徽面`} data-testid="id-photo-back" />
              <figcaption className={styles.muted}>国徽面</figcaption>
            </figure>
          </div>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'name', label: '填写的姓名', children: v.claimedName },
              { key: 'id', label: '身份证号', children: v.idCard },
              { key: 'user', label: '账号', children: `${v.realName}（${v.userName}）` },
              {
                key: 'status',
                label: '状态',
                children: <StatusTag status={v.status} labels={ADMIN_VERIFICATION_STATUS_LABELS} />,
              },
              { key: 'at', label: '提交时间', children: formatDateTime(v.createdAt) },
              ...(v.earlier > 0 ? [{ key: 'earlier', label: '此前被驳回', children: `${v.earlier} 次` }] : []),
              ...(v.reviewNote ? [{ key: 'note', label: '驳回原因', children: v.reviewNote }] : []),
            ]}
          />
        </div>
      )}
      <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
    </Drawer>
  );
};

/** /admin/verifications: real-name verification requests, pending first; the photos are shown in the drawer. */
export const VerificationsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const [query, setQuery] = useState<VerificationQuery>({ current: 1, size: MONEY_PAGE_SIZE, status: 'PENDING' });
  const [open, setOpen] = useState<number | null>(null);
  const district = useDistrictScope();
  const list = useVerifications(query, district);

  const columns: TableProps<AdminVerificationItem>['columns'] = [
    { title: '账号', key: 'user', width: 140, render: (_, r) => <PersonCell {...r} /> },
    { title: '填写的姓名', dataIndex: 'claimedName', width: 120 },
    { title: '身份证号', dataIndex: 'idCard', width: 190 },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, r) => <StatusTag status={r.status} labels={ADMIN_VERIFICATION_STATUS_LABELS} />,
    },
    { title: '提交时间', key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <Button
          type="link"
          onClick={() => setOpen(r.id)}
          aria-label={`${r.status === 'PENDING' ? '查看并审核' : '查看'}：${r.realName}（${r.userName}）`}
        >
          {r.status === 'PENDING' ? '查看并审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <TouchSize>
      {toastHolder}
      <ConsolePage
        title="实名认证"
        description="核对身份证照片与填写的姓名、身份证号后通过或驳回；结果以消息通知用户，通过后才能提现。"
      >
        <DistrictOnly>
          <MoneyList
            filtersLabel="筛选认证申请"
            statusLabel="认证状态"
            statusLabels={ADMIN_VERIFICATION_STATUS_LABELS}
            query={query}
            setQuery={setQuery}
            list={list}
            loadErrorText="认证申请加载失败"
            tableLabel="认证申请列表"
            emptyText="没有符合条件的认证申请"
            testId="verification-table"
            columns={columns}
            scrollX={820}
          />
          <VerificationDrawer
            id={open}
            onClose={() => setOpen(null)}
            onDecided={(text) => {
              void toast.success(text);
              setOpen(null);
            }}
          />
        </DistrictOnly>
      </ConsolePage>
    </TouchSize>
  );
};

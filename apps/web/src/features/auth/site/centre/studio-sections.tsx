import { DeleteOutlined, PlusOutlined, ShareAltOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Pager } from '../../../../components/pager.tsx';
import { ResourceCard, ResourceListSkeleton } from '../../../../components/resource-card.tsx';
import { errorText } from '../../../../lib/api-result.ts';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { refetchAfterWrite } from '../../../../lib/refetch.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { Avatar } from './avatar.tsx';
import styles from './centre.module.css';
import {
  addMember,
  centreKeys,
  deleteAnnouncement,
  getShareable,
  getStudioAnnouncements,
  getStudioMembers,
  getStudioResources,
  postAnnouncement,
  removeMember,
  SHAREABLE_PAGE,
  STUDIO_MEMBER_PAGE,
  STUDIO_NOTICE_PAGE,
  STUDIO_RESOURCE_PAGE,
  type StudioHome,
  shareResource,
  unshareResource,
} from './centre-api.ts';

interface SectionProps {
  home: StudioHome;
  toast: Toast;
  /** The viewer's member id (null for visitors). */
  viewer: string | null;
}

/** After a write in a studio: its home (counts) and every list of it ask again. */
const useStudioRefresh = (code: string) => {
  const client = useQueryClient();
  return () => refetchAfterWrite(client, { queryKey: centreKeys.studio(code) });
};

const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <div className={styles.loadError} data-testid="load-error">
    <span>{errorText(error)}</span>
    <Button onClick={onRetry}>重试</Button>
  </div>
);

/** A member picks one of their published resources to share to the studio. */
const ShareDialog = ({
  code,
  open,
  onClose,
  toast,
}: {
  code: string;
  open: boolean;
  onClose: () => void;
  toast: Toast;
}) => {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const refresh = useStudioRefresh(code);
  const list = useQuery({
    queryKey: centreKeys.studioShareable(code, page, keyword),
    queryFn: () => getShareable(code, page, keyword),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const share = useMutation({
    mutationFn: (resourceId: number) => shareResource(code, resourceId),
    onSuccess: () => {
      toast.success('已分享到工作室');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '分享失败，请稍后重试')),
  });
  return (
    <Modal title="分享我的资源" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Input.Search
        placeholder="按标题查找我已发布的资源"
        allowClear
        enterButton="查找"
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        className={styles.shareSearch}
      />
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.objList.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有已发布的资源：资源审核通过后即可分享" />
      ) : (
        <>
          <ul className={styles.shareList} data-testid="shareable-list">
            {list.data.objList.map((r) => (
              <li key={r.id} className={styles.shareRow}>
                <div className={styles.shareTitle}>
                  <span title={r.title}>{r.title}</span>
                  <span className={styles.muted}>
                    {[r.stageName, r.subjectName].filter(Boolean).join(' · ')} · 发布于 {formatDate(r.publishedAt)}
                  </span>
                </div>
                {r.shared ? (
                  <Tag color="green">已分享</Tag>
                ) : (
                  <Button
                    type="primary"
                    loading={share.isPending && share.variables === r.id}
                    onClick={() => share.mutate(r.id)}
                  >
                    分享
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Pager current={page} total={list.data.pageBean.totalCount} pageSize={SHAREABLE_PAGE} onChange={setPage} />
        </>
      )}
    </Modal>
  );
};

/** 资源: the published resources members shared, as cards linking to their details pages. */
export const ResourcesSection = ({ home, toast, viewer }: SectionProps) => {
  const [page, setPage] = useState(1);
  const [sharing, setSharing] = useState(false);
  const refresh = useStudioRefresh(home.code);
  const list = useQuery({
    queryKey: centreKeys.studioResources(home.code, page),
    queryFn: () => getStudioResources(home.code, page),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (resourceId: number) => unshareResource(home.code, resourceId),
    onSuccess: () => {
      toast.success('已从工作室移除');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '移除失败，请稍后重试')),
  });
  return (
    <div data-testid="studio-resources">
      {home.viewer.isMember && (
        <div className={styles.sectionActions}>
          <Button type="primary" icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
            分享我的资源
          </Button>
          <ShareDialog code={home.code} open={sharing} onClose={() => setSharing(false)} toast={toast} />
        </div>
      )}
      {list.isPending ? (
        <ResourceListSkeleton count={4} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.objList.length === 0 ? (
        <Empty description="还没有成员分享资源" />
      ) : (
        <>
          <ul className={styles.cardGrid} aria-label="工作室资源">
            {list.data.objList.map((r) => (
              <li key={r.id} className={styles.sharedCard}>
                <ResourceCard resource={r} />
                <div className={styles.sharedBy}>
                  <span className={styles.sharedByText} title={`${r.sharedByName} 分享于 ${formatDate(r.sharedAt)}`}>
                    {r.sharedByName} 分享 · {formatDate(r.sharedAt)}
                  </span>
                  {(home.viewer.isLeader || (viewer !== null && r.sharedByMemberId === viewer)) && (
                    <Popconfirm
                      title="从工作室移除这个资源？"
                      description="资源本身不受影响，只是不再在工作室中展示。"
                      okText="移除"
                      cancelText="取消"
                      onConfirm={() => remove.mutateAsync(r.id)}
                    >
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`移除《${r.title}》`} />
                    </Popconfirm>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager
            current={page}
            total={list.data.pageBean.totalCount}
            pageSize={STUDIO_RESOURCE_PAGE}
            onChange={setPage}
            totalText={`共 ${list.data.pageBean.totalCount} 个资源`}
          />
        </>
      )}
    </div>
  );
};

/** 成员: leader first; the leader adds members by user name or phone and removes them. */
export const MembersSection = ({ home, toast }: SectionProps) => {
  const [page, setPage] = useState(1);
  const [account, setAccount] = useState('');
  const refresh = useStudioRefresh(home.code);
  const list = useQuery({
    queryKey: centreKeys.studioMembers(home.code, page),
    queryFn: () => getStudioMembers(home.code, page),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: () => addMember(home.code, account.trim()),
    onSuccess: (member) => {
      toast.success(`已添加成员：${member.realName}`);
      setAccount('');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '添加失败，请稍后重试')),
  });
  const remove = useMutation({
    mutationFn: (memberId: string) => removeMember(home.code, memberId),
    onSuccess: () => {
      toast.success('已移出工作室');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '移出失败，请稍后重试')),
  });
  return (
    <div data-testid="studio-members">
      {home.viewer.isLeader && (
        <form
          className={styles.addMember}
          onSubmit={(event) => {
            event.preventDefault();
            if (account.trim()) add.mutate();
          }}
        >
          <Input
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            placeholder="输入用户名或手机号添加成员"
            aria-label="用户名或手机号"
            maxLength={64}
            prefix={<UserAddOutlined aria-hidden />}
          />
          <Button type="primary" htmlType="submit" loading={add.isPending} disabled={!account.trim()}>
            添加成员
          </Button>
        </form>
      )}
      {list.isPending ? (
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.objList.length === 0 ? (
        <Empty description="还没有成员" />
      ) : (
        <>
          <ul className={styles.memberGrid} aria-label="工作室成员">
            {list.data.objList.map((m) => (
              <li key={m.memberId} className={styles.member}>
                <Avatar url={m.avatarUrl} name={m.realName} />
                <div className={styles.memberBody}>
                  <div className={styles.memberName}>
                    <span>{m.realName}</span>
                    {m.isLeader && <Tag color="orange">负责人</Tag>}
                  </div>
                  <div className={styles.muted}>{m.schoolName ?? '—'}</div>
                  <div className={styles.muted}>
                    {[m.stageName, m.subjectName].filter(Boolean).join(' · ') || '学段学科未设置'}
                  </div>
                </div>
                {home.viewer.isLeader && !m.isLeader && (
                  <Popconfirm
                    title={`将 ${m.realName} 移出工作室？`}
                    description="其分享到本工作室的资源也会一并撤回。"
                    okText="移出"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync(m.memberId)}
                  >
                    <Button type="text" danger aria-label={`移出${m.realName}`}>
                      移出
                    </Button>
                  </Popconfirm>
                )}
              </li>
            ))}
          </ul>
          <Pager
            current={page}
            total={list.data.pageBean.totalCount}
            pageSize={STUDIO_MEMBER_PAGE}
            onChange={setPage}
          />
        </>
      )}
    </div>
  );
};

/** 公告: newest first; the leader posts and deletes them. */
export const AnnouncementsSection = ({ home, toast }: SectionProps) => {
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [form] = Form.useForm<{ title: string; body: string }>();
  const refresh = useStudioRefresh(home.code);
  const list = useQuery({
    queryKey: centreKeys.studioAnnouncements(home.code, page),
    queryFn: () => getStudioAnnouncements(home.code, page),
    placeholderData: keepPreviousData,
  });
  const post = useMutation({
    mutationFn: (values: { title: string; body: string }) => postAnnouncement(home.code, values.title, values.body),
    onSuccess: () => {
      toast.success('公告已发布');
      setWriting(false);
      form.resetFields();
      setPage(1);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '发布失败，请稍后重试')),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAnnouncement(home.code, id),
    onSuccess: () => {
      toast.success('公告已删除');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, '删除失败，请稍后重试')),
  });
  return (
    <div data-testid="studio-announcements">
      {home.viewer.isLeader && (
        <div className={styles.sectionActions}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setWriting(true)}>
            发布公告
          </Button>
          <Modal
            title="发布公告"
            open={writing}
            onCancel={() => setWriting(false)}
            okText="发布"
            cancelText="取消"
            onOk={() => form.submit()}
            okButtonProps={{ loading: post.isPending }}
            forceRender
          >
            <Form form={form} layout="vertical" onFinish={(values) => post.mutate(values)}>
              <Form.Item
                name="title"
                label="标题"
                rules={[{ required: true, whitespace: true, message: '请输入公告标题' }]}
              >
                <Input maxLength={50} showCount placeholder="公告标题" />
              </Form.Item>
              <Form.Item
                name="body"
                label="内容"
                rules={[{ required: true, whitespace: true, message: '请输入公告内容' }]}
              >
                <Input.TextArea
                  maxLength={2000}
                  showCount
                  autoSize={{ minRows: 4, maxRows: 10 }}
                  placeholder="公告内容"
                />
              </Form.Item>
            </Form>
          </Modal>
        </div>
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.objList.length === 0 ? (
        <Empty description="暂无公告" />
      ) : (
        <>
          <ul className={styles.noticeList} aria-label="工作室公告">
            {list.data.objList.map((a) => (
              <li key={a.id} className={styles.notice}>
                <div className={styles.noticeHead}>
                  <h3 className={styles.noticeTitle}>{a.title}</h3>
                  {home.viewer.isLeader && (
                    <Popconfirm
                      title="删除这条公告？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => remove.mutateAsync(a.id)}
                    >
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除公告${a.title}`} />
                    </Popconfirm>
                  )}
                </div>
                <div className={styles.muted}>
                  {a.authorName} · {formatDateTime(a.createdAt)}
                </div>
                <p className={styles.noticeBody}>{a.body}</p>
              </li>
            ))}
          </ul>
          <Pager
            current={page}
            total={list.data.pageBean.totalCount}
            pageSize={STUDIO_NOTICE_PAGE}
            onChange={setPage}
          />
        </>
      )}
    </div>
  );
};

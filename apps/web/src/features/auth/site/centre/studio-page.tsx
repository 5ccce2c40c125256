import { EditOutlined, LoadingOutlined, PictureOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '@zyk/shared';
import { Button, Input, Modal, message, Popconfirm, Result, Skeleton, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiFailure, errorText } from '../../../../lib/api-result.ts';
import { refetchAfterWrite } from '../../../../lib/refetch.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { IMAGE_EXTENSIONS, imageProblem, uploadImage } from '../../../../lib/upload-image.ts';
import { useSession } from '../../../../stores/session.ts';
import { refreshUserInfo } from '../../lib/session-sync.ts';
import { Avatar } from './avatar.tsx';
import styles from './centre.module.css';
import { centreKeys, getStudioHome, leaveStudio, type StudioHome, saveIntro } from './centre-api.ts';
import { AnnouncementsSection, MembersSection, ResourcesSection } from './studio-sections.tsx';

const INTRO_MAX = 1000;

const isNotFound = (error: unknown) => error instanceof ApiFailure && error.code === ERRORS.NOT_FOUND.code;

/** The leader edits the introduction and the cover in a dialog. */
const IntroEditor = ({ home, toast }: { home: StudioHome; toast: Toast }) => {
  const [open, setOpen] = useState(false);
  const [intro, setIntro] = useState(home.intro);
  const [cover, setCover] = useState<{ fileId: string | null; preview: string | null }>({
    fileId: home.coverFileId,
    preview: home.coverUrl,
  });
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const objectUrl = useRef<string | null>(null);
  const client = useQueryClient();
  // The chosen picture is previewed from the browser's copy (the server's thumbnail comes a moment later).
  const preview = (file: File | null) => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = file ? URL.createObjectURL(file) : null;
    return objectUrl.current;
  };
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );
  const choose = async (file: File) => {
    const refused = imageProblem(file);
    if (refused) {
      toast.error(refused);
      return;
    }
    setUploading(true);
    try {
      const fileId = await uploadImage(file);
      setCover({ fileId, preview: preview(file) });
    } catch (error) {
      toast.error(errorText(error, '封面上传失败，请稍后重试'));
    } finally {
      setUploading(false);
    }
  };
  const save = useMutation({
    mutationFn: () => saveIntro(home.code, intro, cover.fileId),
    onSuccess: () => {
      toast.success('简介已保存');
      setOpen(false);
      void refetchAfterWrite(client, { queryKey: centreKeys.studioHome(home.code) });
    },
    onError: (error) => toast.error(errorText(error, '保存失败，请稍后重试')),
  });
  return (
    <>
      <Button
        ghost
        icon={<EditOutlined />}
        onClick={() => {
          setIntro(home.intro);
          setCover({ fileId: home.coverFileId, preview: home.coverUrl });
          setOpen(true);
        }}
      >
        编辑简介
      </Button>
      <Modal
        title="编辑工作室简介与封面"
        open={open}
        onCancel={() => setOpen(false)}
        okText="保存"
        cancelText="取消"
        onOk={() => save.mutate()}
        okButtonProps={{ loading: save.isPending, disabled: uploading }}
      >
        <div className={styles.dialogLabel}>封面</div>
        <div className={styles.coverField}>
          {cover.preview ? (
            <img className={styles.coverPreview} src={cover.preview} alt="封面预览" />
          ) : (
            <div className={`${styles.coverPreview} ${styles.coverEmpty}`}>未设置封面</div>
          )}
          <div className={styles.avatarButtons}>
            <Button
              icon={uploading ? <LoadingOutlined /> : <PictureOutlined />}
              disabled={uploading}
              onClick={() => input.current?.click()}
            >
              {cover.fileId ? '更换封面' : '上传封面'}
            </Button>
            {cover.fileId && (
              <Button type="link" danger onClick={() => setCover({ fileId: null, preview: null })}>
                去掉封面
              </Button>
            )}
            <span className={styles.hint}>可选。jpg、png、gif 或 bmp 图片，建议宽幅横图，不超过 5M</span>
          </div>
          <input
            ref={input}
            type="file"
            hidden
            style={{ display: 'none' }} // opened by the button above
            accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            aria-label="选择封面图片"
            data-testid="cover-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void choose(file);
            }}
          />
        </div>
        <label className={styles.dialogLabel} htmlFor="studio-intro-input">
          简介
        </label>
        <Input.TextArea
          id="studio-intro-input"
          className={styles.introInput}
          value={intro}
          onChange={(event) => setIntro(event.target.value)}
          maxLength={INTRO_MAX}
          showCount
          autoSize={{ minRows: 5, maxRows: 12 }}
        />
      </Modal>
    </>
  );
};

/** The band at the top: name, leader, counts, introduction, and the viewer's own actions. */
const StudioBand = ({ home, toast }: { home: StudioHome; toast: Toast }) => {
  const client = useQueryClient();
  const leave = useMutation({
    mutationFn: () => leaveStudio(home.code),
    onSuccess: async () => {
      toast.success('已退出工作室');
      await refetchAfterWrite(client, { queryKey: centreKeys.all() });
      // The side navigation lists the user's studios.
      await refreshUserInfo({ sessionCheck: true }).catch(() => false);
    },
    onError: (error) => toast.error(errorText(error, '退出失败，请稍后重试')),
  });
  const leader = home.leader;
  return (
    <header
      className={home.coverUrl ? `${styles.band} ${styles.bandWithCover}` : styles.band}
      data-testid="studio-band"
    >
      {home.coverUrl && <img className={styles.bandCover} src={home.coverUrl} alt="" data-testid="studio-cover" />}
      <div className={styles.bandTop}>
        <span className={styles.bandMark} aria-hidden>
          <TeamOutlined />
        </span>
        <div className={styles.bandTitle}>
          <h1 className={styles.bandName}>{home.name}</h1>
          <div className={styles.bandCounts}>
            <span>成员 {home.memberCount}</span>
            <span>资源 {home.resourceCount}</span>
            <span>公告 {home.announcementCount}</span>
          </div>
        </div>
        <div className={styles.bandActions}>
          {home.viewer.isLeader && <IntroEditor home={home} toast={toast} />}
          {home.viewer.isMember && !home.viewer.isLeader && (
            <Popconfirm
              title="退出这个工作室？"
              description="你分享到本工作室的资源会一并撤回。"
              okText="退出"
              cancelText="取消"
              onConfirm={() => leave.mutateAsync()}
            >
              <Button ghost>退出工作室</Button>
            </Popconfirm>
          )}
        </div>
      </div>
      {leader && (
        <div className={styles.bandLeader} data-testid="studio-leader">
          <Avatar url={leader.avatarUrl} name={leader.realName} size="small" />
          <span>
            负责人：<strong>{leader.realName}</strong>
            {leader.schoolName && <span className={styles.bandSchool}> · {leader.schoolName}</span>}
          </span>
        </div>
      )}
      <p className={styles.bandIntro} data-testid="studio-intro">
        {home.intro || '工作室还没有简介。'}
      </p>
    </header>
  );
};

/**
 * A studio's home (/auth/studio/:code), open to everyone: the band, then its shared resources, members and
 * announcements. Members share their resources; the leader manages members, announcements and the introduction.
 */
export const StudioPage = () => {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [toast, toastHolder] = message.useMessage();
  const { user, memberId } = useSession();
  const viewer = user?.memberId ?? memberId ?? null;
  const home = useQuery({
    queryKey: centreKeys.studioHome(code),
    queryFn: () => getStudioHome(code),
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  const [tab, setTab] = useState('resources');

  if (home.isPending) {
    return (
      <section className={styles.studio}>
        <div className={styles.bandSkeleton}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      </section>
    );
  }
  if (home.isError) {
    return (
      <section className={styles.studio}>
        <div className={styles.missing} data-testid={isNotFound(home.error) ? 'studio-missing' : 'load-error'}>
          {isNotFound(home.error) ? (
            <Result
              status="404"
              title="工作室不存在"
              subTitle="这个工作室不存在或已被撤销，请检查链接是否正确。"
              extra={
                <Button type="primary" onClick={() => navigate('/home/index')}>
                  返回资源库
                </Button>
              }
            />
          ) : (
            <Result
              status="warning"
              title="工作室加载失败"
              subTitle={errorText(home.error)}
              extra={<Button onClick={() => void home.refetch()}>重试</Button>}
            />
          )}
        </div>
      </section>
    );
  }
  const data = home.data;
  const props = { home: data, toast, viewer };
  return (
    <section className={styles.studio}>
      {toastHolder}
      <StudioBand home={data} toast={toast} />
      <div className={styles.studioBody}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'resources', label: `资源（${data.resourceCount}）`, children: <ResourcesSection {...props} /> },
            { key: 'members', label: `成员（${data.memberCount}）`, children: <MembersSection {...props} /> },
            {
              key: 'announcements',
              label: `公告（${data.announcementCount}）`,
              children: <AnnouncementsSection {...props} />,
            },
          ]}
        />
      </div>
    </section>
  );
};

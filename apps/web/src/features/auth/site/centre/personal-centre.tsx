import { EditOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, message, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../../components/pager.tsx';
import { errorText } from '../../../../lib/api-result.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { SitePage, SitePanel } from '../frame/site-page.tsx';
import { Avatar } from './avatar.tsx';
import styles from './centre.module.css';
import { centreKeys, getMyStudios, getProfile, getProjects, getRoles, PROJECT_PAGE } from './centre-api.ts';
import { ProfileEditor, type RenderStageSubject } from './profile-editor.tsx';

const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <div className={styles.loadError} data-testid="load-error">
    <span>{errorText(error)}</span>
    <Button onClick={onRetry}>重试</Button>
  </div>
);

const ProfilePanel = ({ toast, renderStageSubject }: { toast: Toast; renderStageSubject: RenderStageSubject }) => {
  const profile = useQuery({ queryKey: centreKeys.profile(), queryFn: getProfile });
  const roles = useQuery({ queryKey: centreKeys.roles(), queryFn: getRoles });
  const [editing, setEditing] = useState(false);
  if (profile.isPending) {
    return (
      <SitePanel>
        <Skeleton avatar active paragraph={{ rows: 3 }} />
      </SitePanel>
    );
  }
  if (profile.isError) {
    return (
      <SitePanel>
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      </SitePanel>
    );
  }
  const p = profile.data;
  const stageSubject = [p.stageName, p.subjectName].filter(Boolean).join(' · ');
  return (
    <SitePanel testId="centre-profile">
      <div className={styles.profile}>
        <Avatar url={p.avatarUrl} name={p.realName} size="large" />
        <div className={styles.profileBody}>
          <div className={styles.profileHead}>
            <h2 className={styles.profileName}>{p.realName}</h2>
            <span className={styles.muted}>{p.userName}</span>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>学校</dt>
              <dd>{p.schoolName || '—'}</dd>
            </div>
            <div>
              <dt>学段学科</dt>
              <dd>{stageSubject || '未设置'}</dd>
            </div>
            <div>
              <dt>角色</dt>
              <dd data-testid="centre-roles">
                {(roles.data ?? []).map((r) => (
                  <Tag key={r.roleId} color="cyan">
                    {r.roleName}
                  </Tag>
                ))}
              </dd>
            </div>
          </dl>
          <p className={p.bio ? styles.bio : `${styles.bio} ${styles.muted}`} data-testid="centre-bio">
            {p.bio || '还没有个人简介，点击“编辑资料”介绍一下自己吧。'}
          </p>
        </div>
        <Button className={styles.editButton} icon={<EditOutlined />} onClick={() => setEditing(true)}>
          编辑资料
        </Button>
      </div>
      {editing && (
        <ProfileEditor
          profile={p}
          onClose={() => setEditing(false)}
          toast={toast}
          renderStageSubject={renderStageSubject}
        />
      )}
    </SitePanel>
  );
};

const StudiosPanel = () => {
  const studios = useQuery({ queryKey: centreKeys.studios(), queryFn: getMyStudios });
  return (
    <SitePanel title="我的工作室" testId="centre-studios">
      {studios.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : studios.isError ? (
        <LoadError error={studios.error} onRetry={() => void studios.refetch()} />
      ) : studios.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未加入工作室" />
      ) : (
        <ul className={styles.linkList}>
          {studios.data.map((s) => (
            <li key={s.toUrl}>
              <Link to={s.toUrl} className={styles.linkItem}>
                <TeamOutlined aria-hidden className={styles.linkIcon} />
                <span className={styles.linkText}>{s.name}</span>
                <RightOutlined aria-hidden className={styles.muted} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SitePanel>
  );
};

const statusColor = (status: string) => (status === '进行中' ? 'green' : status === '已结题' ? 'default' : 'blue');

const ProjectsPanel = () => {
  const [page, setPage] = useState(1);
  const projects = useQuery({
    queryKey: centreKeys.projects(page),
    queryFn: () => getProjects(page),
    placeholderData: keepPreviousData,
  });
  return (
    <SitePanel title="我的项目" extra={<Link to="/auth/trainingCenter">研修中心</Link>} testId="centre-projects">
      {projects.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : projects.isError ? (
        <LoadError error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.objList.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未参与研修项目" />
      ) : (
        <>
          <ul className={styles.projectList}>
            {projects.data.objList.map((p) => (
              <li key={p.id} className={styles.project}>
                <Link to={`/auth/trainingCenter/project?id=${p.id}`} className={styles.projectName}>
                  {p.name}
                </Link>
                <div className={styles.projectMeta}>
                  <Tag color="gold">{p.level}</Tag>
                  <Tag color={statusColor(p.status)}>{p.status}</Tag>
                  <span>{p.memberRole}</span>
                  <span>
                    {p.startDate} 至 {p.endDate ?? '今'}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Pager current={page} total={projects.data.pageBean.totalCount} pageSize={PROJECT_PAGE} onChange={setPage} />
        </>
      )}
    </SitePanel>
  );
};

/**
 * 个人中心 (/auth/personalCenter?memberId=): the profile, roles, studios and projects of the logged-in user. The
 * product links here with the viewer's own memberId; a memberId that is not the viewer's still shows the viewer's own
 * centre (nobody else's centre is shown), so the parameter is not read at all.
 */
export const PersonalCenterPage = ({ renderStageSubject }: { renderStageSubject: RenderStageSubject }) => {
  const [toast, toastHolder] = message.useMessage();
  return (
    <SitePage title="个人中心" subtitle="我的资料、角色、工作室与研修项目" requireLogin>
      {toastHolder}
      <ProfilePanel toast={toast} renderStageSubject={renderStageSubject} />
      <div className={styles.columns}>
        <StudiosPanel />
        <ProjectsPanel />
      </div>
    </SitePage>
  );
};

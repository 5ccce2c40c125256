import { ArrowRightOutlined, BookOutlined, CalendarOutlined, UserOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ChoiceFilter } from '../../../../components/choice-filter.tsx';
import { Pager } from '../../../../components/pager.tsx';
import { EmptyState, LoadError } from '../../../../components/status.tsx';
import { errorText } from '../../../../lib/api-result.ts';
import { parseResourceId } from '../../../../lib/resource-paths.ts';
import { SitePage, SitePanel } from '../frame/site-page.tsx';
import styles from './training.module.css';
import { PROJECT_PAGE_SIZE, type ProjectItem, type ProjectPage, useProjectPage } from './training-api.ts';
import { dateRange, LevelTag, ProgressBar, projectPath, StatusTag } from './training-parts.tsx';

const ALL = 'all';

/** What a training project is, for a teacher who has none yet. */
const NoProjects = () => (
  <EmptyState
    title="你还没有参加研修项目"
    hint={
      <>
        研修项目是区、校组织的课题研究或教师培训，每个项目关联若干精品课堂课程。
        <br />
        被组织单位加入项目后，它会出现在这里，你可以查看项目安排并按课程学习，学习进度会自动统计。
      </>
    }
  >
    <Link to="/pcourse/index" className={styles.emptyLink}>
      先去精品课堂看看
    </Link>
  </EmptyState>
);

const ProjectCard = ({ project }: { project: ProjectItem }) => (
  <article className={styles.card} data-testid={`project-card-${project.id}`}>
    <div className={styles.cardTags}>
      <LevelTag level={project.level} />
      <StatusTag status={project.status} />
      <span className={styles.role}>
        <UserOutlined aria-hidden /> {project.memberRole}
      </span>
    </div>
    <h3 className={styles.cardTitle}>
      <Link to={projectPath(project.id)} className={styles.cardLink}>
        {project.name}
      </Link>
    </h3>
    {project.intro && <p className={styles.cardIntro}>{project.intro}</p>}
    <div className={styles.cardMeta}>
      <span>
        <CalendarOutlined aria-hidden /> {dateRange(project.startDate, project.endDate)}
      </span>
      <span>
        <BookOutlined aria-hidden /> {project.courseCount} 门课程
      </span>
    </div>
    <div className={styles.cardFoot}>
      <span className={styles.progressLabel}>学习进度</span>
      <ProgressBar percent={project.progress} label={`${project.name} 学习进度`} testId="project-progress" />
    </div>
    <span className={styles.cardMore} aria-hidden>
      查看详情 <ArrowRightOutlined />
    </span>
  </article>
);

const Filters = ({
  data,
  status,
  onChange,
}: {
  data: ProjectPage | undefined;
  status: string;
  onChange: (status: string) => void;
}) => {
  const counts = data?.statusCounts ?? [];
  const total = counts.reduce((sum, s) => sum + s.count, 0);
  const options = [
    { value: ALL, label: `全部（${total}）` },
    ...counts.map((s) => ({ value: s.status, label: `${s.status}（${s.count}）` })),
  ];
  // A status named in the address that none of the projects has still shows as the current choice.
  if (status !== ALL && !counts.some((s) => s.status === status))
    options.push({ value: status, label: `${status}（0）` });
  return <ChoiceFilter label="项目状态" options={options} value={status} onChange={onChange} />;
};

/**
 * 研修中心 (/auth/trainingCenter?memberId=): the logged-in teacher's training projects as cards with level, status,
 * dates, their role and their study progress over the project's courses; filtered by status, paged.
 */
export const TrainingCenterPage = () => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') || ALL;
  const page = parseResourceId(params.get('page')) ?? 1;
  const projects = useProjectPage(status === ALL ? null : status, page);

  const update = (next: { status?: string; page?: number }) => {
    const search = new URLSearchParams(params);
    const nextStatus = next.status ?? status;
    if (nextStatus === ALL) search.delete('status');
    else search.set('status', nextStatus);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) search.set('page', String(nextPage));
    else search.delete('page');
    setParams(search);
  };

  const body = () => {
    if (projects.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (projects.isError) {
      return (
        <LoadError message={errorText(projects.error, '研修项目加载失败')} onRetry={() => void projects.refetch()} />
      );
    }
    const { objList, pageBean, statusCounts } = projects.data;
    if (statusCounts.length === 0) return <NoProjects />;
    if (objList.length === 0) return <EmptyState title="没有该状态的研修项目" hint="换个状态看看" />;
    return (
      <>
        <ul className={styles.grid} aria-label="我的研修项目">
          {objList.map((p) => (
            <li key={p.id}>
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
        <Pager
          current={pageBean.current}
          total={pageBean.totalCount}
          pageSize={PROJECT_PAGE_SIZE}
          onChange={(next) => update({ page: next })}
          totalText={`共 ${pageBean.totalCount} 个项目`}
        />
      </>
    );
  };

  return (
    <SitePage title="研修中心" subtitle="我参加的研修项目与学习进度" requireLogin>
      <SitePanel
        title="我的研修项目"
        extra={
          projects.data && projects.data.statusCounts.length > 0 ? (
            <div className={styles.filter}>
              <Filters data={projects.data} status={status} onChange={(s) => update({ status: s })} />
            </div>
          ) : undefined
        }
        testId="training-projects"
      >
        {body()}
      </SitePanel>
    </SitePage>
  );
};

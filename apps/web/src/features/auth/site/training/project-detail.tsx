import { ArrowLeftOutlined, PlayCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { ERRORS } from '@zyk/shared';
import { Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadError } from '../../../../components/status.tsx';
import { ApiFailure, errorText } from '../../../../lib/api-result.ts';
import { parseResourceId } from '../../../../lib/resource-paths.ts';
import { useSession } from '../../../../stores/session.ts';
import { AUTH_PATHS } from '../../lib/auth-links.ts';
import { sitePath } from '../frame/site-layout.tsx';
import { SitePage, SitePanel } from '../frame/site-page.tsx';
import styles from './training.module.css';
import { type ProjectDetailData, useProjectDetail } from './training-api.ts';
import { CourseThumb, dateRange, LevelTag, ProgressBar, StatusTag } from './training-parts.tsx';

type Course = ProjectDetailData['courses'][number];

/** Back to the centre, for the same member. */
const BackLink = () => {
  const { user, memberId } = useSession();
  const member = user?.memberId ?? memberId;
  const to = `${sitePath(AUTH_PATHS.trainingCenter)}${member ? `?memberId=${encodeURIComponent(member)}` : ''}`;
  return (
    <Link to={to} className={styles.back}>
      <ArrowLeftOutlined aria-hidden /> 返回研修中心
    </Link>
  );
};

const Header = ({ project }: { project: ProjectDetailData }) => (
  <SitePanel testId="project-header">
    <div className={styles.cardTags}>
      <LevelTag level={project.level} />
      <StatusTag status={project.status} />
    </div>
    <dl className={styles.facts}>
      <div>
        <dt>研修时间</dt>
        <dd>{dateRange(project.startDate, project.endDate)}</dd>
      </div>
      <div>
        <dt>组织单位</dt>
        <dd>{project.organizer || '未填写'}</dd>
      </div>
      <div>
        <dt>我的身份</dt>
        <dd>{project.memberRole}</dd>
      </div>
      {project.requiredHours !== null && (
        <div>
          <dt>要求学时</dt>
          <dd>{project.requiredHours} 学时</dd>
        </div>
      )}
    </dl>
    <h2 className={styles.subheading}>项目简介</h2>
    <p className={styles.intro}>{project.intro || '暂无项目简介'}</p>
  </SitePanel>
);

const Overall = ({ project }: { project: ProjectDetailData }) => (
  <SitePanel title="我的学习进度" testId="project-overall">
    <ProgressBar percent={project.progress} label="项目学习进度" testId="project-progress" />
    <p className={styles.progressNote}>
      {project.lessonCount === 0
        ? '项目关联的课程还没有课时。'
        : `已学 ${project.studiedCount} / ${project.lessonCount} 课时（按关联课程的全部课时计算，播放过的课时即计为已学）`}
    </p>
  </SitePanel>
);

const CourseRow = ({ course }: { course: Course }) => {
  const started = course.studiedCount > 0;
  const done = course.lessonCount > 0 && course.studiedCount >= course.lessonCount;
  return (
    <li className={styles.course} data-testid={`project-course-${course.id}`}>
      <CourseThumb fileId={course.coverFileId} title={course.title} />
      <div className={styles.courseBody}>
        <div className={styles.courseTitleRow}>
          <Tag color={course.required ? 'green' : 'default'} className={styles.tag}>
            {course.required ? '必修' : '选修'}
          </Tag>
          <Link to={course.href} className={styles.courseTitle}>
            {course.title}
          </Link>
        </div>
        <div className={styles.courseMeta}>
          {course.lessonCount === 0 ? '暂无课时' : `已学 ${course.studiedCount} / ${course.lessonCount} 课时`}
        </div>
        <ProgressBar percent={course.progress} label={`${course.title} 学习进度`} testId="course-progress" />
      </div>
      <Link
        to={course.href}
        className={done ? `${styles.courseAction} ${styles.courseActionDone}` : styles.courseAction}
        aria-label={`${done ? '再次学习' : started ? '继续学习' : '开始学习'}：${course.title}`}
      >
        <PlayCircleOutlined aria-hidden />
        {done ? '再次学习' : started ? '继续学习' : '开始学习'}
      </Link>
    </li>
  );
};

const Courses = ({ courses }: { courses: Course[] }) => (
  <SitePanel title={`关联课程（${courses.length}）`} testId="project-courses">
    {courses.length === 0 ? (
      <EmptyState title="该项目还没有关联课程" hint="组织单位关联精品课堂课程后，可在这里学习并统计进度" />
    ) : (
      <ul className={styles.courses}>
        {courses.map((c) => (
          <CourseRow key={c.id} course={c} />
        ))}
      </ul>
    )}
  </SitePanel>
);

const Members = ({ members }: { members: ProjectDetailData['members'] }) => (
  <SitePanel title={`项目成员（${members.length}）`} testId="project-members">
    <ul className={styles.members}>
      {members.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: members carry no id; the server's order is stable
        <li key={i} className={styles.member}>
          <span className={styles.avatar} aria-hidden>
            {m.name.slice(-2)}
          </span>
          <span className={styles.memberText}>
            <span className={styles.memberName}>
              {m.name}
              <Tag color={m.memberRole === '主持人' ? 'orange' : 'default'} className={styles.tag}>
                {m.memberRole}
              </Tag>
            </span>
            <span className={styles.memberSchool}>{m.school ?? '未填写学校'}</span>
          </span>
        </li>
      ))}
    </ul>
  </SitePanel>
);

/**
 * A training project (/auth/trainingCenter/project?id=), for its members: what it is, who runs it, the member's
 * progress, the attached courses with a link to continue each on its course page, and who takes part.
 */
export const ProjectDetailPage = () => {
  const [params] = useSearchParams();
  const id = parseResourceId(params.get('id'));
  const project = useProjectDetail(id);
  const data = project.data;

  const body = () => {
    if (id === null) return <EmptyState title="研修项目不存在" hint="链接中缺少项目编号" />;
    if (project.isPending) {
      return (
        <SitePanel>
          <Skeleton active paragraph={{ rows: 8 }} />
        </SitePanel>
      );
    }
    if (project.isError) {
      const final =
        project.error instanceof ApiFailure &&
        (project.error.code === ERRORS.FORBIDDEN.code || project.error.code === ERRORS.NOT_FOUND.code);
      return (
        <SitePanel>
          <LoadError
            message={errorText(project.error, '研修项目加载失败')}
            onRetry={final ? undefined : () => void project.refetch()}
          />
        </SitePanel>
      );
    }
    return (
      <>
        <Header project={project.data} />
        <Overall project={project.data} />
        <Courses courses={project.data.courses} />
        <Members members={project.data.members} />
      </>
    );
  };

  return (
    <SitePage
      title={data?.name ?? '研修项目'}
      subtitle={
        data ? (
          <>
            <ReadOutlined aria-hidden /> 研修项目
          </>
        ) : undefined
      }
      extra={<BackLink />}
      requireLogin
    >
      {body()}
    </SitePage>
  );
};

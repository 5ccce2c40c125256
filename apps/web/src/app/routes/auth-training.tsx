import { ProjectDetailPage } from '../../features/auth/site/training/project-detail.tsx';
import { TrainingCenterPage } from '../../features/auth/site/training/training-center.tsx';

/** 研修中心 (/auth/trainingCenter?memberId=) and a project's detail (/auth/trainingCenter/project?id=). */
export const TrainingCenter = TrainingCenterPage;
export const ProjectDetail = ProjectDetailPage;

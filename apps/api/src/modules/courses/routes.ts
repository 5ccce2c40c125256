import { COURSE_CATEGORIES, routes, TITLE_CATEGORIES } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createCourseService } from './service.ts';

export default async function courseRoutes(app: FastifyInstance) {
  const courses = createCourseService(app);
  registerRoute(app, routes.courseCategories, () => COURSE_CATEGORIES.map((c) => ({ id: c.id, name: c.name })));
  registerRoute(app, routes.titleCategories, () => TITLE_CATEGORIES.map((c) => ({ code: c.code, name: c.name })));
  registerRoute(app, routes.courseList, ({ body }) => courses.list(body));
  registerRoute(app, routes.courseHome, () => courses.home());
  registerRoute(app, routes.courseInfo, ({ user, query }) => courses.detail(user, query.id));
  registerRoute(app, routes.coursePreview, ({ user, query }) => courses.detail(user, query.id));
  registerRoute(app, routes.titleList, ({ user, body }) => courses.chapters(user, body.courseId));
  registerRoute(app, routes.titleInfo, ({ user, query }) => courses.titleInfo(user, query.id));
  registerRoute(app, routes.study, ({ user, query }) =>
    courses.study(user, query.titleId, query.position, query.completed === '1'),
  );
  registerRoute(app, routes.myCourseResources, ({ user, body }) => courses.myResources(user, body));
  registerRoute(app, routes.courseSave, ({ user, body }) => courses.save(user, body));
  registerRoute(app, routes.courseDelete, async ({ user, query }) => {
    await courses.remove(user, query.id);
    return null;
  });
  registerRoute(app, routes.myCourses, ({ user, body }) => courses.mine(user, body));
  registerRoute(app, routes.topicList, ({ body }) => courses.topics(body));
  registerRoute(app, routes.topicInfo, ({ user, query }) => courses.topicInfo(user, query.id));
  registerRoute(app, routes.topicBackground, ({ user, query }) => courses.background(user, query.id));
  registerRoute(app, routes.topicSave, ({ user, body }) => courses.saveTopic(user, body));
  registerRoute(app, routes.myTopics, ({ user, body }) => courses.myTopics(user, body));
}

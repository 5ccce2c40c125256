import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';
import type { CourseFilters } from './classroom-keys.ts';

/** Page sizes of the classroom lists (the route table's defaults). */
export const COURSE_PAGE_SIZE = 12;
export const TOPIC_PAGE_SIZE = 12;

export const getClassroomHome = async () => unwrap(await api(routes.courseHome));

export const getCourseCategories = async () => unwrap(await api(routes.courseCategories));

export const getCourses = async (filters: CourseFilters, current: number) =>
  unwrap(
    await api(routes.courseList, {
      body: {
        current,
        size: COURSE_PAGE_SIZE,
        categoryId: filters.categoryId,
        stageId: filters.stageId,
        subjectId: filters.subjectId,
        ...(filters.keyword ? { keyword: filters.keyword } : {}),
      },
    }),
  );

export const getTopics = async (current: number) =>
  unwrap(await api(routes.topicList, { body: { current, size: TOPIC_PAGE_SIZE } }));

export const getCourse = async (id: number) => unwrap(await api(routes.courseInfo, { query: { id } }));

export const getCoursePreview = async (id: number) => unwrap(await api(routes.coursePreview, { query: { id } }));

export const getLesson = async (titleId: number) => unwrap(await api(routes.titleInfo, { query: { id: titleId } }));

/**
 * What a lesson's resource can be shown with: the first file of the resource and its preview (signed address of a
 * video, audio, PDF, image or text).
 */
export const getLessonMedia = async (resourceId: number) => {
  const resource = unwrap(await api(routes.resourceInfo, { query: { id: resourceId } }));
  const file = resource.files[0];
  if (!file) return { resource, preview: null };
  const preview = unwrap(await api(routes.onlinePreview, { query: { fileId: file.id } }));
  return { resource, preview };
};

/** Saves where the user is in a lesson (seconds) and whether it is finished. */
export const saveStudy = async (titleId: number, position: number, completed: boolean) =>
  unwrap(
    await api(routes.study, {
      query: {
        titleId,
        position: Math.max(0, Math.min(86_400, Math.floor(position))),
        completed: completed ? '1' : '0',
      },
    }),
  );

export const getTopic = async (id: number) => unwrap(await api(routes.topicInfo, { query: { id } }));

/** The topic's background ("Topic background"): rejects with the server's message when refused. */
export const getTopicBackground = async (id: number) =>
  unwrap(await api(routes.topicBackground, { query: { id } })).backgroundUrl;

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import {
  getClassroomHome,
  getCourse,
  getCourseCategories,
  getCoursePreview,
  getCourses,
  getLesson,
  getLessonMedia,
  getTopic,
  getTopicBackground,
  getTopics,
  saveStudy,
} from '../api/classroom-api.ts';
import { type CourseFilters, classroomKeys } from '../api/classroom-keys.ts';

export const useClassroomHome = () => useQuery({ queryKey: classroomKeys.home(), queryFn: getClassroomHome });

export const useCourseCategories = () =>
  useQuery({ queryKey: [...classroomKeys.all, 'categories'], queryFn: getCourseCategories, staleTime: 30 * 60_000 });

/** Turning pages keeps the old page on screen until the new one is there. */
export const useCourses = (filters: CourseFilters, page: number) =>
  useQuery({
    queryKey: classroomKeys.courses(filters, page),
    queryFn: () => getCourses(filters, page),
    placeholderData: keepPreviousData,
  });

export const useTopics = (page: number) =>
  useQuery({ queryKey: classroomKeys.topics(page), queryFn: () => getTopics(page), placeholderData: keepPreviousData });

export const useCourse = (id: number | null, preview = false) =>
  useQuery({
    queryKey: preview ? classroomKeys.preview(id ?? 0) : classroomKeys.course(id ?? 0),
    queryFn: () => (preview ? getCoursePreview(id ?? 0) : getCourse(id ?? 0)),
    enabled: id !== null,
  });

export const useLesson = (titleId: number | null) =>
  useQuery({
    queryKey: classroomKeys.lesson(titleId ?? 0),
    queryFn: () => getLesson(titleId ?? 0),
    enabled: titleId !== null,
  });

/** Signed media addresses expire: never keep an old answer for long. */
export const useLessonMedia = (resourceId: number | null) =>
  useQuery({
    queryKey: classroomKeys.lessonMedia(resourceId ?? 0),
    queryFn: () => getLessonMedia(resourceId ?? 0),
    enabled: resourceId !== null,
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });

/** Saving progress refreshes the course (per-lesson progress and where to resume). */
export const useSaveStudy = (courseId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ titleId, position, completed }: { titleId: number; position: number; completed: boolean }) =>
      saveStudy(titleId, position, completed),
    onSuccess: () => {
      void refetchAfterWrite(client, { queryKey: classroomKeys.course(courseId) });
      void refetchAfterWrite(client, { queryKey: classroomKeys.preview(courseId) });
    },
  });
};

export const useTopic = (id: number | null) =>
  useQuery({ queryKey: classroomKeys.topic(id ?? 0), queryFn: () => getTopic(id ?? 0), enabled: id !== null });

export const useTopicBackground = (id: number | null, enabled: boolean) =>
  useQuery({
    queryKey: classroomKeys.topicBackground(id ?? 0),
    queryFn: () => getTopicBackground(id ?? 0),
    enabled: id !== null && enabled,
    retry: false,
    staleTime: 30 * 60_000,
  });

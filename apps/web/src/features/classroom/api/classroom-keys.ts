/** Query keys of the boutique classroom; invalidate through these, never through literal arrays. */
export interface CourseFilters {
  categoryId: number | null;
  stageId: number | null;
  subjectId: number | null;
  keyword: string;
}

export const classroomKeys = {
  all: ['classroom'] as const,
  home: () => [...classroomKeys.all, 'home'] as const,
  courses: (filters: CourseFilters, page: number) => [...classroomKeys.all, 'courses', filters, page] as const,
  topics: (page: number) => [...classroomKeys.all, 'topics', page] as const,
  course: (id: number) => [...classroomKeys.all, 'course', id] as const,
  preview: (id: number) => [...classroomKeys.all, 'preview', id] as const,
  lesson: (titleId: number) => [...classroomKeys.all, 'lesson', titleId] as const,
  lessonMedia: (resourceId: number) => [...classroomKeys.all, 'lessonMedia', resourceId] as const,
  topic: (id: number) => [...classroomKeys.all, 'topic', id] as const,
  topicBackground: (id: number) => [...classroomKeys.all, 'topicBackground', id] as const,
};

/** Query keys of the personal space; invalidate through these, never through literal arrays. */
export type MyListKind = 'collects' | 'downloads' | 'history';

export const spaceKeys = {
  all: ['personSpace'] as const,
  uploads: () => [...spaceKeys.all, 'uploads'] as const,
  uploadList: (status: string | null, page: number) => [...spaceKeys.uploads(), status, page] as const,
  uploadCounts: () => [...spaceKeys.uploads(), 'counts'] as const,
  myList: (kind: MyListKind, page: number) => [...spaceKeys.all, kind, page] as const,
  myLists: (kind: MyListKind) => [...spaceKeys.all, kind] as const,
  courses: () => [...spaceKeys.all, 'courses'] as const,
  courseList: (page: number) => [...spaceKeys.courses(), 'list', page] as const,
  course: (id: number) => [...spaceKeys.courses(), 'one', id] as const,
  courseResources: (keyword: string) => [...spaceKeys.all, 'courseResources', keyword] as const,
  topics: () => [...spaceKeys.all, 'topics'] as const,
  topicList: (page: number) => [...spaceKeys.topics(), 'list', page] as const,
  topic: (id: number) => [...spaceKeys.topics(), 'one', id] as const,
};

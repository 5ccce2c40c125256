import type { DataOf, routes } from '@zyk/shared';

/** Shapes of the classroom answers, from the route table. */
export type Course = DataOf<typeof routes.courseList>['objList'][number];
export type CourseDetail = DataOf<typeof routes.courseInfo>;
export type Chapter = CourseDetail['chapters'][number];
export type Lesson = Chapter['lessons'][number];
export type Topic = DataOf<typeof routes.topicList>['objList'][number];

import { type ClassroomKind, type ResourceType, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

/** The review queue's filters, sort and page (adminReviewQueue's query). */
export interface QueueQuery {
  current: number;
  size: number;
  sortWay: 'ASC' | 'DESC';
  type?: ResourceType | undefined;
  stageId?: number | undefined;
  subjectId?: number | undefined;
  keyword?: string | undefined;
  level?: 1 | 2 | undefined;
}

export const getQueue = async (query: QueueQuery) => unwrap(await api(routes.adminReviewQueue, { query }));
export const getReviewResource = async (id: number) => unwrap(await api(routes.adminReviewResource, { query: { id } }));
export const approveResources = async (ids: number[]) =>
  unwrap(await api(routes.adminReviewApprove, { body: { ids } }));
/** What a batch approval did: the approved resources (published or passed on) and the skipped ones. */
export type ApproveResult = Awaited<ReturnType<typeof approveResources>>;
export const rejectResource = async (id: number, reason: string) =>
  unwrap(await api(routes.adminReviewReject, { body: { id, reason } }));
export const takeDownResource = async (id: number, reason: string) =>
  unwrap(await api(routes.adminReviewTakedown, { body: { id, reason } }));

export const CLASSROOM_PAGE_SIZE = 10;
export const getClassroomQueue = async (kind: ClassroomKind, current: number, keyword: string) =>
  unwrap(
    await api(routes.adminClassroomQueue, {
      query: { kind, current, size: CLASSROOM_PAGE_SIZE, ...(keyword ? { keyword } : {}) },
    }),
  );
export const approveClassroom = async (kind: ClassroomKind, id: number) =>
  unwrap(await api(routes.adminClassroomApprove, { body: { kind, id } }));
export const rejectClassroom = async (kind: ClassroomKind, id: number, reason: string) =>
  unwrap(await api(routes.adminClassroomReject, { body: { kind, id, reason } }));

export const REPORTS_PAGE_SIZE = 10;
export const getReportGroups = async (current: number, category: string | undefined) =>
  unwrap(
    await api(routes.adminReportGroups, {
      query: { current, size: REPORTS_PAGE_SIZE, ...(category ? { category } : {}) },
    }),
  );
export const dismissReports = async (resourceId: number, note: string) =>
  unwrap(await api(routes.adminReportDismiss, { body: { resourceId, note } }));
export const takeDownReported = async (resourceId: number, reason: string) =>
  unwrap(await api(routes.adminReportTakedown, { body: { resourceId, reason } }));

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassroomKind } from '@zyk/shared';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { reviewKeys } from '../api/admin-keys.ts';
import {
  approveClassroom,
  approveResources,
  dismissReports,
  getClassroomQueue,
  getQueue,
  getReportGroups,
  getReviewResource,
  type QueueQuery,
  rejectClassroom,
  rejectResource,
  takeDownReported,
  takeDownResource,
} from '../api/review-api.ts';

export const useReviewQueue = (query: QueueQuery) =>
  useQuery({ queryKey: reviewKeys.queue(query), queryFn: () => getQueue(query) });

export const useReviewResource = (id: number) =>
  useQuery({ queryKey: reviewKeys.resource(id), queryFn: () => getReviewResource(id) });

/** Refreshes the review queries whether it succeeds or fails (without waiting for them). */
export const useApproveResources = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveResources,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: reviewKeys.all }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.all }),
  });
};

/** Stays pending until the review queries are fetched again; refreshes them after a failure too. */
export const useRejectResource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectResource(id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: reviewKeys.all }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.all }),
  });
};

/** Stays pending until the review queries are fetched again. */
export const useTakeDownResource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => takeDownResource(id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: reviewKeys.all }),
  });
};

export const useClassroomQueue = (kind: ClassroomKind, current: number, keyword: string) =>
  useQuery({
    queryKey: reviewKeys.classroom(kind, current, keyword),
    queryFn: () => getClassroomQueue(kind, current, keyword),
  });

/** Refreshes the classroom queues whether it succeeds or fails (without waiting for them). */
export const useApproveClassroom = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ClassroomKind; id: number }) => approveClassroom(kind, id),
    onSuccess: () => void refetchAfterWrite(client, { queryKey: reviewKeys.classroomLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.classroomLists() }),
  });
};

/** Stays pending until the classroom queues are fetched again; refreshes them after a failure too. */
export const useRejectClassroom = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, reason }: { kind: ClassroomKind; id: number; reason: string }) =>
      rejectClassroom(kind, id, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: reviewKeys.classroomLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.classroomLists() }),
  });
};

export const useReportGroups = (current: number, category: string | undefined) =>
  useQuery({
    queryKey: reviewKeys.reports(current, category),
    queryFn: () => getReportGroups(current, category),
  });

/** Stays pending until the reports are fetched again; refreshes them after a failure too. */
export const useDismissReports = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, note }: { resourceId: number; note: string }) => dismissReports(resourceId, note),
    onSuccess: () => refetchAfterWrite(client, { queryKey: reviewKeys.reportLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.reportLists() }),
  });
};

/** Stays pending until the reports are fetched again; refreshes them after a failure too. */
export const useTakeDownReported = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, reason }: { resourceId: number; reason: string }) =>
      takeDownReported(resourceId, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: reviewKeys.reportLists() }),
    onError: () => void refetchAfterWrite(client, { queryKey: reviewKeys.reportLists() }),
  });
};

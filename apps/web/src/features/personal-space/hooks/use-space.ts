import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import {
  type CourseInput,
  clearHistory,
  deleteCourse,
  deleteDownloadRecord,
  deleteHistory,
  deleteResource,
  getCourseForEdit,
  getCourseResources,
  getMyCourses,
  getMyList,
  getMyTopics,
  getMyUploads,
  getTopicForEdit,
  getUploadCounts,
  saveCourse,
  saveTopic,
  type TopicInput,
  type UploadStatus,
} from '../api/space-api.ts';
import { type MyListKind, spaceKeys } from '../api/space-keys.ts';

export const useMyUploads = (status: UploadStatus | null, page: number) =>
  useQuery({
    queryKey: spaceKeys.uploadList(status, page),
    queryFn: () => getMyUploads(status, page),
    placeholderData: keepPreviousData,
  });

export const useUploadCounts = () => useQuery({ queryKey: spaceKeys.uploadCounts(), queryFn: getUploadCounts });

export const useDeleteResource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.uploads() }),
  });
};

export const useMyList = (kind: MyListKind, page: number) =>
  useQuery({
    queryKey: spaceKeys.myList(kind, page),
    queryFn: () => getMyList(kind, page),
    placeholderData: keepPreviousData,
  });

export const useDeleteMyRecord = (kind: 'downloads' | 'history') => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: number) =>
      kind === 'downloads' ? deleteDownloadRecord(resourceId) : deleteHistory(resourceId),
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.myLists(kind) }),
  });
};

export const useClearHistory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.myLists('history') }),
  });
};

export const useMyCourses = (page: number) =>
  useQuery({
    queryKey: spaceKeys.courseList(page),
    queryFn: () => getMyCourses(page),
    placeholderData: keepPreviousData,
  });

/** All my courses a topic can gather (the first 50). */
export const useCourseChoices = () =>
  useQuery({ queryKey: spaceKeys.courseList(0), queryFn: () => getMyCourses(1, 50) });

export const useCourseForEdit = (id: number | null) =>
  useQuery({
    queryKey: spaceKeys.course(id ?? 0),
    queryFn: () => getCourseForEdit(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

export const useCourseResources = (keyword: string) =>
  useQuery({
    queryKey: spaceKeys.courseResources(keyword),
    queryFn: () => getCourseResources(keyword),
    placeholderData: keepPreviousData,
  });

export const useSaveCourse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseInput) => saveCourse(input),
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.courses() }),
  });
};

export const useDeleteCourse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.courses() }),
  });
};

export const useMyTopics = (page: number) =>
  useQuery({
    queryKey: spaceKeys.topicList(page),
    queryFn: () => getMyTopics(page),
    placeholderData: keepPreviousData,
  });

export const useTopicForEdit = (id: number | null) =>
  useQuery({
    queryKey: spaceKeys.topic(id ?? 0),
    queryFn: () => getTopicForEdit(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

export const useSaveTopic = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TopicInput) => saveTopic(input),
    onSuccess: () => void refetchAfterWrite(client, { queryKey: spaceKeys.topics() }),
  });
};

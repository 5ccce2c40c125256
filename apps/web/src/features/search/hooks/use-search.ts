import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import {
  deleteAllSearchRecords,
  deleteSearchRecord,
  getHotWords,
  getSearchRecords,
  searchResources,
} from '../api/search-api.ts';
import { type SearchParams, searchKeys } from '../api/search-keys.ts';

export const useSearchResults = (params: SearchParams) =>
  useQuery({
    queryKey: searchKeys.results(params),
    queryFn: () => searchResources(params),
    // Paging and the type filter keep the old page on screen until the new one is there; a new keyword starts
    // from an empty list.
    placeholderData: (previous, previousQuery) =>
      previousQuery && (previousQuery.queryKey[2] as SearchParams).keyword === params.keyword ? previous : undefined,
    staleTime: 30_000,
  });

/** Only a logged-in user has search records. */
export const useSearchRecords = (loggedIn: boolean) =>
  useQuery({ queryKey: searchKeys.records(), queryFn: getSearchRecords, enabled: loggedIn, staleTime: 0 });

export const useHotWords = () => useQuery({ queryKey: searchKeys.hotWords(), queryFn: getHotWords });

export const useDeleteSearchRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchRecord,
    onSettled: () => refetchAfterWrite(queryClient, { queryKey: searchKeys.records() }),
  });
};

export const useDeleteAllSearchRecords = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllSearchRecords,
    onSettled: () => refetchAfterWrite(queryClient, { queryKey: searchKeys.records() }),
  });
};

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDetail } from '@zyk/shared';
import { useCallback, useEffect, useRef } from 'react';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { countView, getRecommendations, getResource, setCollect, setStar } from '../api/resource-api.ts';
import { resourceKeys } from '../api/resource-keys.ts';

export const useResource = (id: number) =>
  useQuery({ queryKey: resourceKeys.detail(id), queryFn: () => getResource(id), staleTime: 0 });

export const useRecommendations = (id: number) =>
  useQuery({ queryKey: resourceKeys.recommend(id), queryFn: () => getRecommendations(id) });

/** Merges fresh counters (or toggles) into the cached details, if they are cached. */
export const usePatchResource = (id: number) => {
  const queryClient = useQueryClient();
  return useCallback(
    (patch: Partial<ResourceDetail>) =>
      queryClient.setQueryData<ResourceDetail>(resourceKeys.detail(id), (old) => (old ? { ...old, ...patch } : old)),
    [queryClient, id],
  );
};

/** Counts one view per opening of the page (countView with kind=view), and shows the new count. */
export const useCountViewOnce = (id: number) => {
  const queryClient = useQueryClient();
  const patch = usePatchResource(id);
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (counted.current === id) return;
    counted.current = id;
    void countView(id, 'view').then(
      (counts) => {
        if (!counts) return;
        // The details may still be on their way, read before this view counted: then ask for them again.
        if (queryClient.getQueryData(resourceKeys.detail(id))) patch(counts);
        else void refetchAfterWrite(queryClient, { queryKey: resourceKeys.detail(id) });
      },
      () => undefined,
    );
  }, [id, patch, queryClient]);
};

/** Star or collect, sending the state the user asked for; the answer carries the real state and count. */
export const useToggle = (id: number, kind: 'star' | 'collect') => {
  const patch = usePatchResource(id);
  return useMutation({
    mutationFn: (active: boolean) => (kind === 'star' ? setStar(id, active) : setCollect(id, active)),
    onSuccess: ({ active, count }) =>
      patch(kind === 'star' ? { starred: active, starCount: count } : { collected: active, collectCount: count }),
  });
};

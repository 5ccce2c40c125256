import { useQuery } from '@tanstack/react-query';
import { snapshotFor } from '../../../lib/paging.ts';
import { getResourceList, getTrainTypes } from '../api/resource-api.ts';
import { type ListFilters, resourceKeys } from '../api/resource-keys.ts';

/**
 * A numbered page of a type's list; page 1 fixes the snapshot the later pages use. Turning pages keeps the old
 * page on screen until the new one is there; new filters start from an empty list.
 */
export const useResourceList = (filters: ListFilters, page: number, firstPageSnapshot: string | undefined) => {
  const snapshot = snapshotFor(page, firstPageSnapshot);
  const key = resourceKeys.list(filters, page, snapshot);
  return useQuery({
    queryKey: key,
    queryFn: () => getResourceList(filters, page, snapshot),
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[2]) === JSON.stringify(filters) ? previous : undefined,
  });
};

export const useTrainTypes = (enabled: boolean) =>
  useQuery({ queryKey: resourceKeys.trainTypes(), queryFn: getTrainTypes, enabled, staleTime: 30 * 60_000 });

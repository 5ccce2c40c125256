import { useQuery } from '@tanstack/react-query';
import type { DictEntry } from '@zyk/shared';
import { ALL_SUBJECTS } from '../../../stores/selection.ts';
import { dictKeys } from '../api/dict-keys.ts';
import { getSubjects } from '../api/get-dict-list.ts';
import { DICT_STALE_TIME_MS } from './use-stages.ts';

const ONLY_ALL: DictEntry[] = [ALL_SUBJECTS];

/**
 * The subjects of a stage. Stage 全部 (id null) has no level-2 entries of its own: it offers 全部学科 only,
 * without a request.
 */
export const useSubjects = (stageId: number | null) => {
  const all = stageId === null;
  const query = useQuery({
    queryKey: dictKeys.subjects(stageId ?? -1),
    queryFn: () => getSubjects(stageId ?? -1),
    enabled: !all,
    staleTime: DICT_STALE_TIME_MS,
  });
  return {
    data: all ? ONLY_ALL : query.data,
    isPending: !all && query.isPending,
    isError: !all && query.isError,
    refetch: query.refetch,
  };
};

import { useQuery } from '@tanstack/react-query';
import { dictKeys } from '../api/dict-keys.ts';
import { getStages } from '../api/get-dict-list.ts';

/** Dictionaries change only when an administrator edits them: keep them for the session. */
export const DICT_STALE_TIME_MS = 30 * 60_000;

export const useStages = () =>
  useQuery({ queryKey: dictKeys.stages(), queryFn: getStages, staleTime: DICT_STALE_TIME_MS });

import { useQuery } from '@tanstack/react-query';
import { getStageOptions, getSubjectOptions, getTrainTypes } from '../api/get-form-options.ts';
import { uploadKeys } from '../api/upload-keys.ts';

/** Dictionaries change only when an administrator edits them. */
const STALE_MS = 30 * 60_000;

export const useStageOptions = () =>
  useQuery({ queryKey: uploadKeys.stages(), queryFn: getStageOptions, staleTime: STALE_MS });

export const useSubjectOptions = (stageId: number | null | undefined) =>
  useQuery({
    queryKey: uploadKeys.subjects(stageId ?? -1),
    queryFn: () => getSubjectOptions(stageId ?? -1),
    enabled: typeof stageId === 'number',
    staleTime: STALE_MS,
  });

export const useTrainTypes = (enabled = true) =>
  useQuery({ queryKey: uploadKeys.trainTypes(), queryFn: getTrainTypes, enabled, staleTime: STALE_MS });

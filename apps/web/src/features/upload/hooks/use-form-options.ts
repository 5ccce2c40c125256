import { useQuery } from '@tanstack/react-query';
import { getCatalogue } from '../api/get-catalogue.ts';
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

/** The catalogue of the chosen stage and subject (the chapter field's options); idle until both are chosen. */
export const useCatalogue = (stageId: number | null | undefined, subjectId: number | null | undefined) =>
  useQuery({
    queryKey: uploadKeys.catalogue(stageId ?? -1, subjectId ?? -1),
    queryFn: () => getCatalogue(stageId ?? -1, subjectId ?? -1),
    enabled: typeof stageId === 'number' && typeof subjectId === 'number',
    staleTime: 5 * 60_000,
  });

import { type DictEntry, routes, STAGE_DICT_ID } from '@zyk/shared';
import { api, dataOr } from '../../../lib/api.ts';

export interface Option {
  value: number;
  label: string;
}

/** Real entries only: the form needs a stage and a subject, not 全部 / 全部学科 (id null). */
const toOptions = (entries: DictEntry[]): Option[] =>
  entries.flatMap((entry) => (entry.id === null ? [] : [{ value: entry.id, label: entry.dictName }]));

export const getStageOptions = async (): Promise<Option[]> =>
  toOptions(dataOr(await api(routes.dictList, { query: { dictId: STAGE_DICT_ID, dictLevel: 1 } }), []));

export const getSubjectOptions = async (stageId: number): Promise<Option[]> =>
  toOptions(dataOr(await api(routes.dictList, { query: { dictId: stageId, dictLevel: 2 } }), []));

/** Research-achievement sub-types (`train/type`). */
export const getTrainTypes = async (): Promise<{ value: string; label: string }[]> =>
  dataOr(await api(routes.trainTypes), []).map((t) => ({ value: t.code, label: t.name }));

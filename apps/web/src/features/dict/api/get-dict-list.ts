import { type DictEntry, routes, STAGE_DICT_ID } from '@zyk/shared';
import { api, dataOr } from '../../../lib/api.ts';

/** Level 1: the stages, 全部 (id null) first. A non-zero code yields an empty list. */
export const getStages = async (): Promise<DictEntry[]> =>
  dataOr(await api(routes.dictList, { query: { dictId: STAGE_DICT_ID, dictLevel: 1 } }), []);

/** Level 2: the subjects of one stage, 全部学科 (id null) first. */
export const getSubjects = async (stageId: number): Promise<DictEntry[]> =>
  dataOr(await api(routes.dictList, { query: { dictId: stageId, dictLevel: 2 } }), []);

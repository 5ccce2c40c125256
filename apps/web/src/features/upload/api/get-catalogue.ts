import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

/** The textbook catalogue of one stage and subject, flat (parents before children, siblings in order). */
export const getCatalogue = async (stageId: number, subjectId: number) =>
  unwrap(await api(routes.catalogueTree, { query: { stageId, subjectId } })).nodes;

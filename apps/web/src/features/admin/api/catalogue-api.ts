import { type BodyInputOf, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export type SaveNodeBody = BodyInputOf<typeof routes.adminCatalogueSave>;
export type ImportBody = BodyInputOf<typeof routes.adminCatalogueImport>;
export type CatalogueFormat = ImportBody['format'];

export const getCatalogueTree = async (stageId: number, subjectId: number) =>
  unwrap(await api(routes.adminCatalogueTree, { query: { stageId, subjectId } })).nodes;
export const saveNode = async (body: SaveNodeBody) => unwrap(await api(routes.adminCatalogueSave, { body }));
export const moveNode = async (id: number, parentId: number | null, index: number) =>
  unwrap(await api(routes.adminCatalogueMove, { body: { id, parentId, index } }));
export const setNodeRetired = async (id: number, retired: boolean) =>
  unwrap(await api(routes.adminCatalogueRetire, { body: { id, retired } }));
export const mergeNode = async (fromId: number, intoId: number) =>
  unwrap(await api(routes.adminCatalogueMerge, { body: { fromId, intoId } }));
export const importCatalogue = async (body: ImportBody) => unwrap(await api(routes.adminCatalogueImport, { body }));
export const exportCatalogue = async (stageId: number, subjectId: number, format: CatalogueFormat) =>
  unwrap(await api(routes.adminCatalogueExport, { query: { stageId, subjectId, format } }));

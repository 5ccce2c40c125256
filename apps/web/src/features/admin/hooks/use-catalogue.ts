import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { catalogueKeys } from '../api/admin-keys.ts';
import {
  type CatalogueFormat,
  exportCatalogue,
  getCatalogueTree,
  importCatalogue,
  mergeNode,
  moveNode,
  saveNode,
  setNodeRetired,
} from '../api/catalogue-api.ts';

/** One stage's subject's catalogue nodes; asked once both are chosen. */
export const useCatalogueTree = (stageId: number | null, subjectId: number | null) =>
  useQuery({
    queryKey: catalogueKeys.tree(stageId ?? 0, subjectId ?? 0),
    queryFn: () => getCatalogueTree(stageId!, subjectId!),
    enabled: stageId !== null && subjectId !== null,
  });

/** After a write to the catalogue: every catalogue tree is asked again (not waited for). */
const useRefetchCatalogue = () => {
  const client = useQueryClient();
  return () => void refetchAfterWrite(client, { queryKey: catalogueKeys.all });
};

/** Moves a node under `parentId` at `index` among its siblings; the tree is asked again whether it succeeds or fails. */
export const useMoveNode = () => {
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({
    mutationFn: ({ id, parentId, index }: { id: number; parentId: number | null; index: number }) =>
      moveNode(id, parentId, index),
    onSettled: refetchCatalogue,
  });
};

/** Creates or changes a node. */
export const useSaveNode = () => {
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({ mutationFn: saveNode, onSuccess: refetchCatalogue });
};

export const useSetNodeRetired = () => {
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) => setNodeRetired(id, retired),
    onSuccess: refetchCatalogue,
  });
};

export const useMergeNode = () => {
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({
    mutationFn: ({ fromId, intoId }: { fromId: number; intoId: number }) => mergeNode(fromId, intoId),
    onSuccess: refetchCatalogue,
  });
};

/** What importing the catalogue text would do (a dry run: nothing is written). */
export const useCheckCatalogueImport = () =>
  useMutation({
    mutationFn: (body: { format: CatalogueFormat; content: string }) => importCatalogue({ ...body, dryRun: true }),
  });

export const useImportCatalogue = () => {
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({
    mutationFn: (body: { format: CatalogueFormat; content: string }) => importCatalogue({ ...body, dryRun: false }),
    onSuccess: refetchCatalogue,
  });
};

/** The stage's subject's catalogue as a file's name and text, in the format the mutation is given. */
export const useExportCatalogue = (stageId: number | null, subjectId: number | null) =>
  useMutation({ mutationFn: (format: CatalogueFormat) => exportCatalogue(stageId!, subjectId!, format) });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '../api/admin-keys.ts';
import {
  type AuditQuery,
  closeWorkOrder,
  createArea,
  createDictEntry,
  getAreas,
  getAuditPage,
  getDashboard,
  getDictTree,
  getWorkOrders,
  moveArea,
  moveDictEntry,
  renameArea,
  replyWorkOrder,
  updateDictEntry,
  type WorkOrderQuery,
} from '../api/dashboard-api.ts';

/** Today's and the last 30 days' figures in the administrator's scope. */
export const useDashboard = () =>
  useQuery({ queryKey: dashboardKeys.overview(), queryFn: getDashboard, staleTime: 30_000 });

export const useAuditPage = (query: AuditQuery) =>
  useQuery({ queryKey: dashboardKeys.audit(query), queryFn: () => getAuditPage(query) });

export const useWorkOrders = (query: WorkOrderQuery) =>
  useQuery({ queryKey: dashboardKeys.workOrders(query), queryFn: () => getWorkOrders(query) });

export const useReplyWorkOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyWorkOrder,
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.workOrderLists() }),
  });
};

export const useCloseWorkOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeWorkOrder,
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.workOrderLists() }),
  });
};

/** Stages with their subjects. */
export const useDictTree = () => useQuery({ queryKey: dashboardKeys.dict(), queryFn: getDictTree });

export const useUpdateDictEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDictEntry,
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.dict() }),
  });
};

export const useCreateDictEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDictEntry,
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.dict() }),
  });
};

/** Moves a stage or subject up or down; pending until the tree has been fetched again. */
export const useMoveDictEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveDictEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.dict() }),
  });
};

export const useAreas = () => useQuery({ queryKey: dashboardKeys.areas(), queryFn: getAreas });

/** Moves an area up or down; pending until the areas have been fetched again. */
export const useMoveArea = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveArea,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.areas() }),
  });
};

export type AreaSave = { rename: Parameters<typeof renameArea>[0] } | { create: Parameters<typeof createArea>[0] };

/** Renames an area or adds one. */
export const useSaveArea = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: AreaSave) => ('rename' in save ? renameArea(save.rename) : createArea(save.create)),
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.areas() }),
  });
};

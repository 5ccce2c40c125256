import { type BodyInputOf, type QueryInputOf, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export const getDashboard = async () => unwrap(await api(routes.adminDashboard));

export const getDictTree = async () => unwrap(await api(routes.adminDictTree));
export const createDictEntry = async (body: BodyInputOf<typeof routes.adminDictCreate>) =>
  unwrap(await api(routes.adminDictCreate, { body }));
export const updateDictEntry = async (body: BodyInputOf<typeof routes.adminDictUpdate>) =>
  unwrap(await api(routes.adminDictUpdate, { body }));
export const moveDictEntry = async (body: BodyInputOf<typeof routes.adminDictMove>) =>
  unwrap(await api(routes.adminDictMove, { body }));

export const getAreas = async () => unwrap(await api(routes.adminAreaList));
export const createArea = async (body: BodyInputOf<typeof routes.adminAreaCreate>) =>
  unwrap(await api(routes.adminAreaCreate, { body }));
export const renameArea = async (body: BodyInputOf<typeof routes.adminAreaUpdate>) =>
  unwrap(await api(routes.adminAreaUpdate, { body }));
export const moveArea = async (body: BodyInputOf<typeof routes.adminAreaMove>) =>
  unwrap(await api(routes.adminAreaMove, { body }));

export type WorkOrderQuery = QueryInputOf<typeof routes.adminWorkOrderList>;
export type AuditQuery = QueryInputOf<typeof routes.adminAuditList>;

export const getWorkOrders = async (query: QueryInputOf<typeof routes.adminWorkOrderList>) =>
  unwrap(await api(routes.adminWorkOrderList, { query }));
export const replyWorkOrder = async (body: BodyInputOf<typeof routes.adminWorkOrderReply>) =>
  unwrap(await api(routes.adminWorkOrderReply, { body }));
export const closeWorkOrder = async (id: number) => unwrap(await api(routes.adminWorkOrderClose, { body: { id } }));

export const getAuditPage = async (query: QueryInputOf<typeof routes.adminAuditList>) =>
  unwrap(await api(routes.adminAuditList, { query }));

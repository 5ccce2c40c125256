import { type BodyInputOf, type QueryInputOf, ROSTER_COLUMNS, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

export type UserQuery = QueryInputOf<typeof routes.adminUserList>;
export type NewUser = BodyInputOf<typeof routes.adminUserCreate>;
export type UserEdit = BodyInputOf<typeof routes.adminUserUpdate>;
export type SchoolBody = BodyInputOf<typeof routes.adminSchoolCreate>;

export const getUsers = async (query: UserQuery) => unwrap(await api(routes.adminUserList, { query }));
export const getUser = async (id: number) => unwrap(await api(routes.adminUserDetail, { query: { id } }));
export const getUserOptions = async () => unwrap(await api(routes.adminUserOptions));
export const createUser = async (body: NewUser) => unwrap(await api(routes.adminUserCreate, { body }));
export const updateUser = async (body: UserEdit) => unwrap(await api(routes.adminUserUpdate, { body }));
export const setUserStatus = async (id: number, status: 'ACTIVE' | 'DISABLED') =>
  unwrap(await api(routes.adminUserSetStatus, { body: { id, status } }));
export const resetUserPassword = async (id: number, password: string) =>
  unwrap(await api(routes.adminUserResetPassword, { body: { id, password } }));
export const unlockUser = async (id: number) => unwrap(await api(routes.adminUserUnlock, { body: { id } }));
export const setUserRoles = async (id: number, roleIds: number[], confirmPassword: string) =>
  unwrap(await api(routes.adminUserSetRoles, { body: { id, roleIds, confirmPassword } }));

export const previewRoster = async (csv: string) => unwrap(await api(routes.adminRosterPreview, { body: { csv } }));
export const commitRoster = async (csv: string) => unwrap(await api(routes.adminRosterCommit, { body: { csv } }));

export const getSchools = async () => unwrap(await api(routes.adminSchoolList, { query: {} }));
export const createSchool = async (body: SchoolBody) => unwrap(await api(routes.adminSchoolCreate, { body }));
export const updateSchool = async (id: number, body: SchoolBody) =>
  unwrap(await api(routes.adminSchoolUpdate, { body: { id, ...body } }));
export const setSchoolRetired = async (id: number, retired: boolean) =>
  unwrap(await api(routes.adminSchoolRetire, { body: { id, retired } }));

/** Children of an area (provinces without a parent), from the public area tree. */
export const getAreas = async (parentCode: string | null) =>
  unwrap(await api(routes.getAreaDict, { query: parentCode ? { parentCode } : {} }));

export const getRoles = async () => unwrap(await api(routes.adminRoleList));
export const setRolePermissions = async (roleId: number, permissions: string[], confirmPassword: string) =>
  unwrap(
    await api(routes.adminRoleSetPermissions, {
      body: {
        roleId,
        permissions: permissions as BodyInputOf<typeof routes.adminRoleSetPermissions>['permissions'],
        confirmPassword,
      },
    }),
  );

/** The roster template a school downloads and fills in (a header and two example rows). */
export const ROSTER_TEMPLATE = [
  ROSTER_COLUMNS.join(','),
  '张三,zhangsan,13800001111,,小学,语文,,teacher,Start@2026',
  '李四,lisi,,,初中,数学,,teacher,Start@2026',
].join('\r\n');

export type RegistrationQuery = QueryInputOf<typeof routes.adminRegistrationList>;
export const getRegistrations = async (query: RegistrationQuery) =>
  unwrap(await api(routes.adminRegistrationList, { query }));
export const decideRegistration = async (id: number, approve: boolean, reason = '') =>
  unwrap(await api(routes.adminRegistrationDecide, { body: { id, approve, reason } }));

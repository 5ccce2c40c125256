import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import type { Studio, UserInfo } from '../../../stores/session.ts';

/**
 * The role list first (its first entry is the user's role), then the personal centre info for that
 * role, then the role's studios. Null when the server does not answer with a user (e.g. the session just ended).
 */
export const fetchUserInfo = async (): Promise<{ user: UserInfo; studios: Studio[] } | null> => {
  const roles = await api(routes.getRoleList);
  if (roles.code !== 0) return null;
  const role = roles.data[0];
  const info = await api(routes.getCenterInfo, {
    query: role ? { roleTypeId: role.roleTypeId, roleId: role.roleId } : {},
  });
  if (info.code !== 0) return null;
  const d = info.data;
  const roleTypeId = role?.roleTypeId ?? d.roleTypeId;
  const roleId = role?.roleId ?? d.roleId;
  let studios: Studio[] = [];
  if (roleTypeId !== null && roleId !== null) {
    const list = await api(routes.getStudioList, { query: { roleTypeId, roleId } });
    if (list.code === 0) studios = list.data.list;
  }
  return {
    user: {
      memberId: d.memberId,
      realName: d.realName,
      userName: d.userName,
      scStage: d.scStage,
      special: d.special,
      stageName: d.stageName,
      subjectName: d.subjectName,
      roleTypeId,
      roleId,
      roleName: role?.roleName ?? d.roleName,
      hasConsole: d.hasConsole,
    },
    studios,
  };
};

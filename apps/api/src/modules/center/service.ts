import { type CenterInfo, MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { maskIdCard, maskPhone } from '../../lib/mask.ts';
import { adminContextOf } from '../auth/permissions.ts';
import { rolesOf, userById } from '../auth/users.ts';
import { dictNames, subjectOptions } from '../dict/service.ts';

export const createCenterService = (prisma: PrismaClient) => {
  const roles = (userId: number) => rolesOf(prisma, userId);

  /** The user's role with this id (and type, when given); 403 when the role is not theirs. */
  const ownRole = async (userId: number, roleId: number, roleTypeId?: number) => {
    const found = (await roles(userId)).find(
      (r) => r.roleId === roleId && (roleTypeId === undefined || r.role.roleTypeId === roleTypeId),
    );
    if (!found) throw new AppError('FORBIDDEN', MESSAGES.center.roleNotOwned);
    return found;
  };

  const areasUnder = async (parentCode?: string) => {
    const rows = await prisma.area.findMany({
      where: { parentCode: parentCode ?? null },
      orderBy: [{ sort: 'asc' }, { code: 'asc' }],
    });
    const withChildren = new Set(
      (
        await prisma.area.findMany({
          where: { parentCode: { in: rows.map((r) => r.code) } },
          distinct: ['parentCode'],
          select: { parentCode: true },
        })
      ).map((r) => r.parentCode),
    );
    return rows.map((r) => ({ code: r.code, name: r.name, level: r.level, hasChildren: withChildren.has(r.code) }));
  };

  /**
   * 省 / 市 / 区县 of each code, walked down the same area lists the public 地区 api serves (each list read once
   * per call). A code that is not in the tree gets the part of its path that is.
   */
  const areaPaths = async (codes: Iterable<string>) => {
    const lists = new Map<string, Promise<{ code: string; name: string }[]>>();
    const childrenOf = (parent: string | undefined) => {
      const key = parent ?? '';
      if (!lists.has(key)) lists.set(key, areasUnder(parent));
      return lists.get(key)!;
    };
    const paths = new Map<string, { code: string; name: string }[]>();
    for (const code of new Set(codes)) {
      const chain = [...new Set([`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code])];
      const path: { code: string; name: string }[] = [];
      for (const step of chain) {
        const found = (await childrenOf(path.at(-1)?.code)).find((area) => area.code === step);
        if (!found) break;
        path.push({ code: found.code, name: found.name });
      }
      paths.set(code, path);
    }
    return paths;
  };

  return {
    roleList: async (userId: number) =>
      (await roles(userId)).map((r) => ({ roleTypeId: r.role.roleTypeId, roleId: r.roleId, roleName: r.role.name })),

    info: async (userId: number, roleRef: { roleId?: number; roleTypeId?: number }): Promise<CenterInfo> => {
      const user = await userById(prisma, userId);
      const role =
        roleRef.roleId !== undefined
          ? await ownRole(userId, roleRef.roleId, roleRef.roleTypeId)
          : (await roles(userId))[0];
      const names = await dictNames(prisma);
      const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
      return {
        memberId: user.memberId,
        realName: user.realName,
        userName: user.userName,
        scStage: user.stageId,
        special: user.subjectId,
        stageName: nameOf(user.stageId),
        subjectName: nameOf(user.subjectId),
        phone: maskPhone(user.phone),
        idCard: maskIdCard(user.idCard),
        roleTypeId: role?.role.roleTypeId ?? null,
        roleId: role?.roleId ?? null,
        roleName: role?.role.name ?? null,
        isAdmin: user.isAdmin,
        hasConsole: (await adminContextOf(prisma, userId)) !== null,
        wechatBound: user.wechatOpenId !== null,
        wechatNickname: user.wechatNickname,
      };
    },

    subjectOptions: (stageId?: number) => subjectOptions(prisma, stageId),

    areas: areasUnder,

    areaPaths,

    /** A school's area must be a place of the area tree (its last step, not a prefix of one); none is allowed. */
    requireArea: async (areaCode: string | null) => {
      if (areaCode === null) return;
      const path = (await areaPaths([areaCode])).get(areaCode) ?? [];
      if (path.at(-1)?.code !== areaCode) throw new AppError('BAD_REQUEST', MESSAGES.console.people.areaNotFound);
    },
  };
};

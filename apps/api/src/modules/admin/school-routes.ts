import { type AdminSchoolRow, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { badRequest } from '../../lib/errors.ts';
import { memberCountsBySchool } from '../auth/users.ts';
import { createCenterService } from '../center/service.ts';
import {
  createSchool,
  DEFAULT_SCHOOL_ID,
  listSchools,
  requireSchoolCodeFree,
  schoolCodeRace,
  schoolToChange,
  setSchoolRetired,
  updateSchool,
} from '../org/schools.ts';
import { audited } from './audited.ts';
import { PEOPLE_MESSAGES as M } from './people.ts';

/** The console's schools: the list with each school's place in the area tree, create, edit, retire and restore. */
export default async function schoolRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const center = createCenterService(app.prisma);

  const fieldsOf = (body: { code: string; name: string; areaCode: string | null; sort: number }) => ({
    code: body.code,
    name: body.name,
    areaCode: body.areaCode,
    sort: body.sort,
  });

  registerRoute(app, routes.adminSchoolList, async ({ query }): Promise<AdminSchoolRow[]> => {
    const [schools, counts] = await Promise.all([
      listSchools(app.prisma, query.keyword),
      memberCountsBySchool(app.prisma),
    ]);
    const paths = await center.areaPaths(schools.flatMap((s) => (s.areaCode ? [s.areaCode] : [])));
    return schools.map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      areaCode: s.areaCode,
      areaPath: s.areaCode ? (paths.get(s.areaCode) ?? []) : [],
      sort: s.sort,
      retired: s.retiredAt !== null,
      memberCount: counts.get(s.id) ?? 0,
      isDefault: s.id === DEFAULT_SCHOOL_ID,
    }));
  });

  registerRoute(app, routes.adminSchoolCreate, async ({ admin, body, request }) => {
    await center.requireArea(body.areaCode);
    await requireSchoolCodeFree(app.prisma, body.code);
    return audited(app, request, admin, async (tx) => {
      const school = await createSchool(tx, fieldsOf(body)).catch(schoolCodeRace(body.code));
      return {
        data: { id: school.id },
        audit: {
          action: 'school.create',
          targetType: 'school',
          targetId: school.id,
          summary: `新建学校 ${school.name}（${school.code}）`,
          before: null,
          after: fieldsOf(school),
        },
      };
    });
  });

  registerRoute(app, routes.adminSchoolUpdate, async ({ admin, body, request }) => {
    const school = await schoolToChange(app.prisma, body.id);
    await center.requireArea(body.areaCode);
    await requireSchoolCodeFree(app.prisma, body.code, school.id);
    return audited(app, request, admin, async (tx) => {
      const after = await updateSchool(tx, school.id, fieldsOf(body)).catch(schoolCodeRace(body.code));
      return {
        data: { id: school.id },
        audit: {
          action: 'school.update',
          targetType: 'school',
          targetId: school.id,
          summary: `编辑学校 ${after.name}（${after.code}）`,
          before: fieldsOf(school),
          after: fieldsOf(after),
        },
      };
    });
  });

  registerRoute(app, routes.adminSchoolRetire, async ({ admin, body, request }) => {
    const school = await schoolToChange(app.prisma, body.id, body.retired);
    return audited(app, request, admin, async (tx) => {
      if (!(await setSchoolRetired(tx, school.id, body.retired)))
        throw badRequest(body.retired ? M.schoolAlreadyRetired : M.schoolNotRetired);
      return {
        data: { id: school.id, retired: body.retired },
        audit: {
          action: body.retired ? 'school.retire' : 'school.restore',
          targetType: 'school',
          targetId: school.id,
          summary: `${body.retired ? '停用' : '恢复'}学校 ${school.name}（${school.code}）`,
          before: { retired: school.retiredAt !== null },
          after: { retired: body.retired },
        },
      };
    });
  });
}

import { chinaDateTime, MESSAGES, makePageBean, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { maskIdCard } from '../../lib/mask.ts';
import type { SmsSender } from '../account/sms.ts';
import { requireInScope, scopeReachesSchool } from '../auth/permissions.ts';
import { decideApplicant, pendingApplicants, userWithRoles } from '../auth/users.ts';
import { dictNames } from '../dict/service.ts';
import { schoolNames } from '../org/schools.ts';
import { notifyRegistrationDecision } from '../registration/service.ts';
import { audited } from './audited.ts';

const R = MESSAGES.registration;

/**
 * 注册审核: the queue of self-registered teachers (REGISTRATION_POLICY=approval). A school administrator sees and
 * decides their own school's applicants; the district every school's. Each decision is audited and texted to the
 * applicant.
 */
export default async function registrationRoutes(app: FastifyInstance, opts: { config: Config; sms: SmsSender }) {
  registerRoute(app, routes.adminRegistrationList, async ({ admin, query }) => {
    if (!admin.scope.all) requireInScope(admin.scope.schoolId !== null);
    const { total, rows } = await pendingApplicants(app.prisma, admin.scope.all ? undefined : [admin.scope.schoolId!], {
      skip: (query.current - 1) * query.size,
      take: query.size,
    });
    const [schools, names] = await Promise.all([
      schoolNames(
        app.prisma,
        rows.map((u) => u.schoolId),
      ),
      dictNames(app.prisma),
    ]);
    return {
      policy: opts.config.REGISTRATION_POLICY,
      objList: rows.map((u) => ({
        id: u.id,
        userName: u.userName,
        realName: u.realName,
        phone: u.phone,
        idCard: maskIdCard(u.idCard),
        schoolId: u.schoolId,
        schoolName: schools.get(u.schoolId) ?? '',
        stageName: u.stageId === null ? null : (names.get(u.stageId) ?? null),
        subjectName: u.subjectId === null ? null : (names.get(u.subjectId) ?? null),
        createdAt: chinaDateTime(u.createdAt),
      })),
      pageBean: makePageBean(query.current, query.size, total),
    };
  });

  registerRoute(app, routes.adminRegistrationDecide, async ({ admin, body, request }) => {
    const user = await userWithRoles(app.prisma, body.id);
    if (!user) throw new AppError('NOT_FOUND', R.applicantNotFound);
    requireInScope(scopeReachesSchool(admin.scope, user.schoolId));
    if (user.status !== 'PENDING') throw new AppError('CONFLICT', R.notPending);
    if (!body.approve && body.reason === '') throw new AppError('BAD_REQUEST', R.reasonRequired);
    const status = body.approve ? ('ACTIVE' as const) : ('REJECTED' as const);
    const data = await audited(app, request, admin, async (tx) => {
      if (!(await decideApplicant(tx, user.id, status))) throw new AppError('CONFLICT', R.notPending);
      return {
        data: { id: user.id, status },
        audit: {
          action: body.approve ? 'registration.approve' : 'registration.reject',
          targetType: 'user',
          targetId: String(user.id),
          summary: `${body.approve ? '通过' : '拒绝'} ${user.realName}（${user.userName}）的注册申请${body.approve ? '' : `：${body.reason}`}`,
          before: { status: 'PENDING' },
          after: { status, ...(body.approve ? {} : { reason: body.reason }) },
        },
      };
    });
    if (user.phone) {
      try {
        await notifyRegistrationDecision(opts.sms, { phone: user.phone, userName: user.userName }, body);
      } catch (error) {
        // The decision stands; a gateway failure only costs the text.
        request.log.warn({ err: error, userId: user.id }, 'registration decision SMS not sent');
      }
    }
    return data;
  });
}

import { pageOf, pageQuery } from '../../envelope.ts';
import { z } from '../../zod.ts';
import { defineRoute } from '../define.ts';
import { ADMIN, adminId, CONSOLE_TAG } from './console.ts';

/** 注册审核: self-registered teachers waiting for their school administrator (REGISTRATION_POLICY=approval). */

export const adminApplicantRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  /** Whole: the administrator calls the applicant to check who they are. */
  phone: z.string().nullable(),
  /** Masked (110105********0020). */
  idCard: z.string().nullable(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  stageName: z.string().nullable(),
  subjectName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminApplicantRow = z.infer<typeof adminApplicantRow>;

export const adminRegistrationList = defineRoute({
  method: 'GET',
  path: `${ADMIN}/registrations`,
  summary: '待审核的注册申请，先到先审（学校管理员只见本校）；data.policy 为本区的注册方式',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.read',
  query: pageQuery(20),
  response: pageOf(adminApplicantRow).extend({ policy: z.enum(['open', 'approval', 'roster']) }),
  example: { query: { current: 1, size: 20 } },
});

export const adminRegistrationDecide = defineRoute({
  method: 'POST',
  path: `${ADMIN}/registrations/decide`,
  summary: '通过或拒绝注册申请（拒绝须写原因）；申请人都会收到短信通知',
  tag: CONSOLE_TAG,
  access: 'admin',
  permission: 'users.write',
  body: z.object({
    id: adminId,
    approve: z.boolean({ error: '请选择通过或拒绝' }),
    reason: z.string().trim().max(200, '原因不超过 200 字').default(''),
  }),
  response: z.object({ id: z.number().int(), status: z.enum(['ACTIVE', 'REJECTED']) }),
  example: { body: { id: 9, approve: false, reason: '非本校教师' } },
});

export const registrationRoutes = { adminRegistrationList, adminRegistrationDecide };

export const REGISTRATION_AUDIT_ACTIONS: Record<string, string> = {
  'registration.approve': '通过注册申请',
  'registration.reject': '拒绝注册申请',
};

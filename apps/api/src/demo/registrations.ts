import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../lib/password.ts';
import { newMemberId } from '../modules/account/roster.ts';
import { allRoles } from '../modules/auth/roles.ts';
import { createUser, userByUserName } from '../modules/auth/users.ts';
import { dictTree } from '../modules/dict/service.ts';
import { schoolByCode } from '../modules/org/schools.ts';

/** Teachers who registered on the account site and wait for their school's administrator (注册审核). */
const DEMO_APPLICANTS = [
  { userName: 'sunxy', realName: '孙晓燕', phone: '13700000101', school: 'hdsy', stage: '小学', subject: '英语' },
  { userName: 'zhoumq', realName: '周美琪', phone: '13700000102', school: 'hdsy', stage: '小学', subject: '美术' },
  { userName: 'hejw', realName: '何嘉文', phone: '13700000103', school: 'hdesz', stage: '初中', subject: '物理' },
];

/**
 * The registration queue's demo: three pending applicants (two at 海淀区实验小学, whose administrator is 赵雪莲, one at
 * 海淀区第二实验中学). Runs on every start and only adds an applicant whose user name does not exist yet, so an
 * applicant approved or refused in the demo stays so.
 */
export const seedDemoRegistrations = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  const teacher = (await allRoles(prisma)).find((r) => r.code === 'teacher');
  if (!teacher) return;
  const tree = await dictTree(prisma);
  let added = 0;
  for (const a of DEMO_APPLICANTS) {
    if (await userByUserName(prisma, a.userName)) continue;
    const school = await schoolByCode(prisma, a.school);
    const stage = tree.stages.find((s) => s.name === a.stage);
    const subject = tree.subjects.find((s) => s.stageId === stage?.id && s.name === a.subject);
    if (!school || !stage || !subject) continue;
    try {
      await createUser(prisma, {
        userName: a.userName,
        realName: a.realName,
        phone: a.phone,
        idCard: null,
        stageId: stage.id,
        subjectId: subject.id,
        schoolId: school.id,
        memberId: newMemberId(),
        passwordHash: await hashPassword('Teacher@2026'),
        roleId: teacher.id,
        status: 'PENDING',
      });
      added += 1;
    } catch {
      // The phone was taken by a real registration meanwhile: the demo leaves that applicant out.
    }
  }
  if (added > 0) log(`seeded ${added} pending registrations`);
};

import { createHmac } from 'node:crypto';
import { decryptPassword, isStrongPassword, MESSAGES, type RegistrationPolicy } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { maskPhone } from '../../lib/mask.ts';
import { hashPassword } from '../../lib/password.ts';
import { newMemberId } from '../account/roster.ts';
import type { SmsSender } from '../account/sms.ts';
import { createSmsCodes, type SmsRequester } from '../account/sms-codes.ts';
import { allRoles } from '../auth/roles.ts';
import { accountKey } from '../auth/service.ts';
import { accountsHolding, createUser, findUserByIdentifier, setPasswordHash } from '../auth/users.ts';
import type { CaptchaService } from '../captcha/service.ts';
import { dictTree } from '../dict/service.ts';
import { DEFAULT_SCHOOL_ID, listSchools, schoolById } from '../org/schools.ts';
import { createThrottle } from '../throttle/service.ts';
import { onAllowlist } from './allowlist.ts';

/** The role a self-registered account gets. */
const TEACHER_ROLE = 'teacher';

export interface CaptchaAnswer {
  captchaSerialNumber: string;
  moveEnd_X: number;
  wbili: number;
}

export interface RegistrationInput {
  realName: string;
  userName: string;
  phone: string;
  code: string;
  /** AES-encrypted with the transport key, as at login. */
  password: string;
  /** '' when not given. */
  idCard: string;
  schoolId: number;
  stageId: number;
  subjectId: number;
}

const R = MESSAGES.registration;

/**
 * Registration and password recovery on the account site. Accounts are the auth module's; codes go through the one
 * SMS-code helper (account/sms-codes.ts) with its limits; each code is sent only after a solved slider puzzle.
 */
export const createRegistrationService = (
  prisma: PrismaClient,
  deps: {
    sms: SmsSender;
    captcha: CaptchaService;
    transportKey: string;
    policy: RegistrationPolicy;
    /** Keys the stand-in phone of an unknown account (password recovery answers alike for every identifier). */
    secret: Buffer;
    clock?: Clock;
    smsPerAddressHourly: number;
  },
) => {
  const clock = deps.clock ?? systemClock;
  const smsCodes = createSmsCodes(prisma, deps.sms, clock, deps.smsPerAddressHourly);

  const requireCaptcha = async (answer: CaptchaAnswer) => {
    if (!(await deps.captcha.consume(answer.captchaSerialNumber, answer.moveEnd_X, answer.wbili))) {
      throw badRequest(MESSAGES.login.captchaInvalid);
    }
  };

  /** The schools one may join: not retired; the default school only when the district has no other. */
  const openSchools = async () => {
    const schools = (await listSchools(prisma)).filter((s) => s.retiredAt === null);
    const named = schools.filter((s) => s.id !== DEFAULT_SCHOOL_ID);
    return named.length > 0 ? named : schools;
  };

  /** A phone number that looks bound to `account`, the same every time, for identifiers without an account. */
  const standInPhone = (account: string) => {
    const digest = createHmac('sha256', deps.secret).update(`forgot-password:${account}`).digest();
    const prefix = ['13', '15', '17', '18', '19'][digest[0]! % 5]!;
    let rest = '';
    for (let i = 1; rest.length < 9; i++) rest += String(digest[i]! % 10);
    return `${prefix}${rest}`;
  };

  /** The account a recovery is for: active, with a bound phone; anything else is treated as unknown. */
  const recoverable = async (account: string) => {
    const user = await findUserByIdentifier(prisma, account);
    return user?.status === 'ACTIVE' && user.phone ? { id: user.id, phone: user.phone } : null;
  };

  /** Refuses a phone, ID number or user name some account (or applicant) already holds, each with its message. */
  const refuseDuplicates = async (keys: { phone: string; idCard: string | null; userName: string }) => {
    const holders = await accountsHolding(prisma, keys);
    const byPhone = holders.find((h) => h.phone === keys.phone);
    if (byPhone) throw new AppError('CONFLICT', byPhone.status === 'REJECTED' ? R.phoneRejected : R.phoneTaken);
    if (keys.idCard && holders.some((h) => h.idCard === keys.idCard)) throw new AppError('CONFLICT', R.idCardTaken);
    if (holders.some((h) => h.userName.toLowerCase() === keys.userName.toLowerCase())) {
      throw new AppError('CONFLICT', R.userNameTaken);
    }
  };

  return {
    policy: deps.policy,

    options: async () => {
      const [schools, tree] = await Promise.all([openSchools(), dictTree(prisma)]);
      return {
        policy: deps.policy,
        schools: schools.map((s) => ({ id: s.id, name: s.name })),
        stages: tree.stages.map((s) => ({
          id: s.id,
          name: s.name,
          subjects: tree.subjects.filter((x) => x.stageId === s.id).map((x) => ({ id: x.id, name: x.name })),
        })),
      };
    },

    /** Step one of registering: a solved puzzle, a phone no account holds, then the code. */
    sendRegisterCode: async (phone: string, captcha: CaptchaAnswer, requester: SmsRequester) => {
      await requireCaptcha(captcha);
      const holders = await accountsHolding(prisma, { phone });
      const holder = holders.find((h) => h.phone === phone);
      if (holder) throw new AppError('CONFLICT', holder.status === 'REJECTED' ? R.phoneRejected : R.phoneTaken);
      return smsCodes.issue({ phone, purpose: 'register', userId: null }, requester);
    },

    /**
     * Creates the account once everything checks out and the code matches (the code is used up only then). Open and
     * roster policies activate it at once; approval leaves it PENDING for the chosen school's administrator.
     */
    register: async (input: RegistrationInput) => {
      const password = decryptPassword(input.password, deps.transportKey);
      if (password === null || !isStrongPassword(password)) throw badRequest(R.passwordWeak);
      const school = await schoolById(prisma, input.schoolId);
      if (!school || !(await openSchools()).some((s) => s.id === school.id)) throw badRequest(R.schoolInvalid);
      const tree = await dictTree(prisma);
      const subject = tree.subjects.find((s) => s.id === input.subjectId);
      if (!tree.stages.some((s) => s.id === input.stageId) || subject?.stageId !== input.stageId) {
        throw badRequest(R.subjectInvalid);
      }
      const idCard = input.idCard === '' ? null : input.idCard;
      await refuseDuplicates({ phone: input.phone, idCard, userName: input.userName });
      if (
        deps.policy === 'roster' &&
        !(await onAllowlist(prisma, { realName: input.realName, phone: input.phone, idCard }))
      ) {
        throw new AppError('FORBIDDEN', R.notOnRoster);
      }
      const role = (await allRoles(prisma)).find((r) => r.code === TEACHER_ROLE);
      if (!role) throw new Error(`role ${TEACHER_ROLE} is missing`);
      const passwordHash = await hashPassword(password);
      const status = deps.policy === 'approval' ? ('PENDING' as const) : ('ACTIVE' as const);
      const memberId = newMemberId();
      try {
        const user = await smsCodes.consume(
          { phone: input.phone, purpose: 'register', userId: null },
          input.code,
          (tx) =>
            createUser(tx, {
              userName: input.userName,
              realName: input.realName,
              phone: input.phone,
              idCard,
              stageId: input.stageId,
              subjectId: input.subjectId,
              schoolId: school.id,
              memberId,
              passwordHash,
              roleId: role.id,
              status,
            }),
        );
        return { userId: user.id, memberId, status };
      } catch (error) {
        // Someone took the phone, ID number or user name between the check and the insert.
        if (isUniqueViolation(error)) {
          await refuseDuplicates({ phone: input.phone, idCard, userName: input.userName });
          throw new AppError('CONFLICT', R.phoneTaken);
        }
        throw error;
      }
    },

    /**
     * Step one of recovery. Known or not, the answer has the same form: a masked phone (the bound one, or a stand-in
     * derived from the identifier, so asking again gives the same), the same limits; only a real account gets an SMS.
     */
    sendResetCode: async (account: string, captcha: CaptchaAnswer, requester: SmsRequester) => {
      await requireCaptcha(captcha);
      const key = account.trim();
      const user = await recoverable(key);
      const phone = user?.phone ?? standInPhone(key);
      const answer = await smsCodes.issue(
        { phone, purpose: 'reset_password', userId: user?.id ?? null },
        requester,
        user !== null,
      );
      return { ...answer, maskedPhone: maskPhone(phone)! };
    },

    /** Step two: the code and a new password; every session of the account ends and the login lock is lifted. */
    resetPassword: async (account: string, code: string, encrypted: string) => {
      const password = decryptPassword(encrypted, deps.transportKey);
      if (password === null || !isStrongPassword(password)) throw badRequest(R.passwordWeak);
      const key = account.trim();
      const user = await recoverable(key);
      const passwordHash = await hashPassword(password);
      const subject = user
        ? { phone: user.phone, purpose: 'reset_password' as const, userId: user.id }
        : { phone: standInPhone(key), purpose: 'reset_password' as const, userId: null };
      await smsCodes.consume(subject, code, async (tx) => {
        if (!user) throw badRequest(MESSAGES.account.smsInvalid);
        await setPasswordHash(prisma, user.id, passwordHash);
        await createThrottle(tx, clock).reset(accountKey(user.id));
      });
    },
  };
};

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** Tells an applicant the school administrator's decision by SMS. */
export const notifyRegistrationDecision = (
  sms: SmsSender,
  applicant: { phone: string; userName: string },
  decision: { approve: boolean; reason: string },
) =>
  sms.send(
    applicant.phone,
    decision.approve
      ? { kind: 'registration_approved', userName: applicant.userName }
      : { kind: 'registration_rejected', reason: decision.reason },
  );

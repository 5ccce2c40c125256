import { encryptPassword, MESSAGES, routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsSandbox } from '../support/aliyun-sms-sandbox.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs, solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * Text messages through Aliyun SMS (SMS_PROVIDER=aliyun), against a local server that checks requests the way Aliyun
 * does (tests/support/aliyun-sms-sandbox.ts): codes and registration notices arrive as approved templates under the
 * district's signature, nothing goes to the outbox, a refused or unreachable gateway leaves no code behind and
 * answers in Chinese, and one client address may ask for only so many codes an hour.
 */

const enc = (password: string) => encryptPassword(password, TRANSPORT_KEY);
const PER_ADDRESS_HOURLY = 6;

/** A template variable as Aliyun writes it: ${name}. */
const variable = (name: string) => `$\{${name}}`;
const TEMPLATES = {
  SMS_300000001: { content: `您的验证码为${variable('code')}，5分钟内有效，请勿泄露给他人。` },
  SMS_300000002: { content: `您的注册申请已通过审核，可用用户名${variable('userName')}或本手机号登录。` },
  SMS_300000003: { content: `您的注册申请未通过审核，原因：${variable('reason')}。如有疑问请联系学校管理员。` },
};

let sandbox: Awaited<ReturnType<typeof startAliyunSmsSandbox>>;
let t: TestApp;

const aliyunEnv = (endpoint: string, secret = 'district-secret') => ({
  RATE_LIMITS: 'false',
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ENDPOINT: endpoint,
  SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tDistrictSms',
  SMS_ALIYUN_ACCESS_KEY_SECRET: secret,
  SMS_ALIYUN_SIGN_NAME: '海淀资源库',
  SMS_ALIYUN_TEMPLATE_CODE: 'SMS_300000001',
  SMS_ALIYUN_TEMPLATE_REGISTRATION_APPROVED: 'SMS_300000002',
  SMS_ALIYUN_TEMPLATE_REGISTRATION_REJECTED: 'SMS_300000003',
  SMS_PER_ADDRESS_HOURLY: String(PER_ADDRESS_HOURLY),
});

beforeAll(async () => {
  sandbox = await startAliyunSmsSandbox({
    accessKeys: { LTAI5tDistrictSms: 'district-secret' },
    signNames: ['海淀资源库'],
    templates: TEMPLATES,
  });
  t = await startTestApp({ env: aliyunEnv(sandbox.endpoint) });
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const sendResetCode = async (account: string, client = t.client()) =>
  client.call(routes.forgotPasswordSendCode, {
    body: { account, verifyImageResult: await solveCaptcha(t, client.call) },
  });
const codeIn = (text: string) => /验证码为(\d{6})/.exec(text)?.[1] ?? '';
const quiet = () =>
  databaseFingerprint(t.databaseUrl, { ignore: ['sessions', 'login_throttles', 'captcha_challenges'] });

describe('Aliyun SMS', () => {
  it('delivers a password-recovery code as the approved template under the signature; the code works', async () => {
    const zhangxm = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } });
    const sent = await sendResetCode('zhangxm');
    expect(sent.code, sent.msg).toBe(0);
    const message = sandbox.delivered.at(-1)!;
    expect(message).toMatchObject({ phone: zhangxm.phone, signName: '海淀资源库', templateCode: 'SMS_300000001' });
    expect(message.text).toMatch(/^【海淀资源库】您的验证码为\d{6}，5分钟内有效，请勿泄露给他人。$/);
    expect(await t.prisma.smsOutbox.count()).toBe(0);

    const reset = await t.client().call(routes.forgotPasswordReset, {
      body: { account: 'zhangxm', code: codeIn(message.text), password: enc('Recovered2026') },
    });
    expect(reset.code, reset.msg).toBe(0);
    const client = t.client();
    const login = await client.call(routes.newLogin, {
      body: {
        username: 'zhangxm',
        password: enc('Recovered2026'),
        verifyImageResult: await solveCaptcha(t, client.call),
      },
    });
    expect(login.code, login.msg).toBe(0);
  });

  it('tells an applicant the decision with the notice templates', async () => {
    const client = t.client();
    const phone = '13700005501';
    const sent = await client.call(routes.registerSendCode, {
      body: { phone, verifyImageResult: await solveCaptcha(t, client.call) },
    });
    expect(sent.code, sent.msg).toBe(0);
    const stage = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: '小学' } });
    const subject = await t.prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: stage.id, dictName: '语文' } });
    const school = await t.prisma.school.findUniqueOrThrow({ where: { code: 'hdsy' } });
    const registered = await client.call(routes.register, {
      body: {
        realName: '吴晓燕',
        userName: 'wuxy',
        phone,
        code: codeIn(sandbox.delivered.at(-1)!.text),
        password: enc('Welcome2026'),
        idCard: '',
        schoolId: school.id,
        stageId: stage.id,
        subjectId: subject.id,
      },
    });
    expect(registered.data?.status, registered.msg).toBe('PENDING');
    const applicant = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'wuxy' } });
    const zhaoxl = await loginAs(t, 'zhaoxl');
    const decided = await zhaoxl.call(routes.adminRegistrationDecide, {
      body: {
        id: applicant.id,
        approve: false,
        reason:
          '学校教师名册中没有查到这位老师的任职信息，请先到学校教务处登记任教学段与学科，再重新申请注册本平台账号',
      },
    });
    expect(decided.code, decided.msg).toBe(0);
    const notice = sandbox.delivered.at(-1)!;
    expect(notice).toMatchObject({ phone, templateCode: 'SMS_300000003' });
    // Aliyun takes at most 35 characters in a variable: a longer reason is cut with an ellipsis, not refused.
    expect(notice.params.reason).toHaveLength(35);
    expect(notice.text).toMatch(/^【海淀资源库】您的注册申请未通过审核，原因：学校教师名册中没有查到这位老师.*…。/);
  });

  it('answers a refusal in Chinese and leaves no code behind: the phone may ask again at once', async () => {
    const zhangxm = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'zhangxm' } });
    await t.prisma.smsCode.deleteMany({ where: { phone: zhangxm.phone! } });
    const delivered = sandbox.delivered.length;
    for (const [refusal, code, msg] of [
      ['isv.BUSINESS_LIMIT_CONTROL', 42900, MESSAGES.account.smsTooFrequent],
      ['isv.MOBILE_NUMBER_ILLEGAL', 40000, MESSAGES.account.smsPhoneRefused],
      ['isv.SMS_TEMPLATE_ILLEGAL', 50300, MESSAGES.account.smsUnavailable],
    ] as const) {
      sandbox.refuseNext(refusal);
      const before = await quiet();
      const refused = await sendResetCode('zhangxm');
      expect([refused.code, refused.msg], refusal).toEqual([code, msg]);
      expect(await quiet(), refusal).toBe(before);
    }
    expect(sandbox.delivered.length).toBe(delivered);
    const sent = await sendResetCode('zhangxm');
    expect(sent.code, sent.msg).toBe(0);
    expect(sandbox.delivered.length).toBe(delivered + 1);
  });

  it('counts a gateway it cannot reach, or one that refuses its key, as unavailable', async () => {
    const closed = await startAliyunSmsSandbox({ accessKeys: {}, signNames: [], templates: {} });
    await closed.close();
    const wrongKey = await startAliyunSmsSandbox({
      accessKeys: { LTAI5tDistrictSms: 'another-secret' },
      signNames: ['海淀资源库'],
      templates: TEMPLATES,
    });
    try {
      for (const endpoint of [closed.endpoint, wrongKey.endpoint]) {
        const other = await startTestApp({ env: aliyunEnv(endpoint) });
        try {
          const client = other.client();
          const refused = await client.call(routes.forgotPasswordSendCode, {
            body: { account: 'zhangxm', verifyImageResult: await solveCaptcha(other, client.call) },
          });
          expect([refused.code, refused.msg], endpoint).toEqual([50300, MESSAGES.account.smsUnavailable]);
          expect(await other.prisma.smsCode.count()).toBe(0);
        } finally {
          await other.close();
        }
      }
      // The key was checked, and refused: the signature is what the gateway verifies.
      expect(wrongKey.requests()).toBe(1);
      expect(wrongKey.delivered).toEqual([]);
    } finally {
      await wrongKey.close();
    }
  });

  it(`sends at most ${PER_ADDRESS_HOURLY} codes an hour to one client address, whichever phones`, async () => {
    await t.prisma.smsCode.deleteMany({});
    const delivered = sandbox.delivered.length;
    const client = t.client();
    for (let i = 0; i < PER_ADDRESS_HOURLY; i++) {
      const sent = await client.call(routes.registerSendCode, {
        body: { phone: `1370000560${i}`, verifyImageResult: await solveCaptcha(t, client.call) },
      });
      expect(sent.code, sent.msg).toBe(0);
    }
    const before = await quiet();
    const over = await client.call(routes.registerSendCode, {
      body: { phone: '13700005699', verifyImageResult: await solveCaptcha(t, client.call) },
    });
    expect([over.code, over.msg]).toEqual([42900, MESSAGES.account.smsTooFrequent]);
    expect(await quiet()).toBe(before);
    expect(sandbox.delivered.length).toBe(delivered + PER_ADDRESS_HOURLY);
  });
});

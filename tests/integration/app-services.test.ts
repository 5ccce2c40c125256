import { routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';

/**
 * Services shared by several modules are built once in buildApp, with injection points for what a district plugs
 * in: an SMS gateway reaches both phone-change routes (personal centre and wallet security).
 */
describe('an SMS gateway given to buildApp', () => {
  const sent: { phone: string; content: string }[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { RATE_LIMITS: 'false' },
      services: { sms: { send: async (phone, content) => void sent.push({ phone, content }) } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the phone code through it, not through the development outbox', async () => {
    const teacher = await loginAs(t, 'lijg');
    const answer = await teacher.call(routes.confirmPhoneRand, { query: { phone: '13755550077' } });
    expect(answer.code).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.phone).toBe('13755550077');
    const code = /验证码 (\d{6})/.exec(sent[0]?.content ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.prisma.smsOutbox.count({ where: { phone: '13755550077' } })).toBe(0);
    // The wallet's security page changes the phone with the code the same service sent.
    const changed = await teacher.call(routes.verifyAccountChangePhone, {
      body: { phone: '13755550077', code: code! },
    });
    expect(changed.code).toBe(0);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    expect(user.phone).toBe('13755550077');
  });
});

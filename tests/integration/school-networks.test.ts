import { encryptPassword, MESSAGES, routes } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressAllowance } from '../../apps/api/src/lib/address-allowance.ts';
import { IP_RULE } from '../../apps/api/src/modules/auth/service.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';

/**
 * A school's computer room reaches the server from one NAT address. Limits kept per client address (requests per
 * route, failed logins) are SCHOOL_NETWORK_LIMIT_FACTOR times higher for addresses in SCHOOL_NETWORKS; everyone
 * else keeps the plain limits, and limits per account stay as they are.
 */

const FACTOR = 3;
const sendCodeLimit = routes.registerSendCode.rateLimit!.max;

/** Bad-body requests to the code route (each counts towards its limit); the statuses. */
const hammer = async (t: TestApp, times: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${t.url}${routes.registerSendCode.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: 'x' }),
    });
    statuses.push(res.status);
  }
  return statuses;
};

describe('the allowance of an address', () => {
  it('is the factor inside the school networks, IPv4-mapped addresses included, and 1 elsewhere', () => {
    const allowance = createAddressAllowance({
      SCHOOL_NETWORKS: ['10.20.0.0/16', '202.112.0.10'],
      SCHOOL_NETWORK_LIMIT_FACTOR: 8,
    });
    expect(allowance('10.20.3.4')).toBe(8);
    expect(allowance('::ffff:10.20.3.4')).toBe(8);
    expect(allowance('202.112.0.10')).toBe(8);
    expect(allowance('202.112.0.11')).toBe(1);
    expect(allowance(undefined)).toBe(1);
    expect(createAddressAllowance({ SCHOOL_NETWORKS: [], SCHOOL_NETWORK_LIMIT_FACTOR: 8 })('10.20.3.4')).toBe(1);
  });
});

describe('a school network (this test client’s address)', () => {
  let school: TestApp;
  let elsewhere: TestApp;
  beforeAll(async () => {
    [school, elsewhere] = await Promise.all([
      startTestApp({ env: { SCHOOL_NETWORKS: '127.0.0.0/8,::1', SCHOOL_NETWORK_LIMIT_FACTOR: String(FACTOR) } }),
      startTestApp({ env: { SCHOOL_NETWORKS: '10.20.0.0/16' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([school?.close(), elsewhere?.close()]);
  });

  it(`lets ${FACTOR} times the requests of a route through before 429`, async () => {
    const atSchool = await hammer(school, sendCodeLimit * FACTOR + 1);
    expect(atSchool.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(atSchool.at(-1)).toBe(429);
    const outside = await hammer(elsewhere, sendCodeLimit + 1);
    expect(outside.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(outside.at(-1)).toBe(429);
  });

  it('locks the address after the factor times the failed logins, the account still after five', async () => {
    const failOnce = async (t: TestApp, username: string) => {
      const client = t.client();
      const verifyImageResult = await solveCaptcha(t, client.call);
      return client.call(routes.newLogin, {
        body: { username, password: encryptPassword('Wrong2026pw', TRANSPORT_KEY), verifyImageResult },
      });
    };
    // Unknown names: only the address counts them.
    for (let i = 0; i < IP_RULE.limit; i++) {
      expect((await failOnce(school, `nobody${i}`)).msg).toBe(MESSAGES.login.badCredentials);
    }
    // Twenty failures lock an address elsewhere; a school's address goes on.
    expect((await failOnce(school, 'nobody-more')).msg).toBe(MESSAGES.login.badCredentials);
    const lock = await school.prisma.loginThrottle.findFirstOrThrow({ where: { key: { startsWith: 'ip:' } } });
    expect(lock.lockedUntil).toBeNull();
    // An account's own rule is unchanged: five wrong passwords lock lijg.
    for (let i = 0; i < 5; i++) await failOnce(school, 'lijg');
    expect((await failOnce(school, 'lijg')).msg).toBe(MESSAGES.login.locked);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../apps/web/src/features/auth/site/password/password-strength.ts';
import { HOME_PATH, returnPath } from '../../apps/web/src/features/auth/site/register/return-url.ts';

const ORIGIN = 'https://zyk.example.cn';

describe('the way back after registering or recovering (toUrl)', () => {
  it('keeps a path on this site, relative or absolute on this origin', () => {
    expect(returnPath('/home/documents?page=2#top', ORIGIN)).toBe('/home/documents?page=2#top');
    expect(returnPath(`${ORIGIN}/resourceDetails?id=5`, ORIGIN)).toBe('/resourceDetails?id=5');
  });

  it('goes home for anything else', () => {
    for (const toUrl of [
      null,
      '',
      'https://evil.example.com/home/index',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'home/index',
      `${ORIGIN}.evil.com/x`,
      '/home\n/index',
      '/auth/register?toUrl=/home/index',
      `${ORIGIN}/auth/forgetPassword`,
    ]) {
      expect(returnPath(toUrl, ORIGIN), String(toUrl)).toBe(HOME_PATH);
    }
  });
});

describe('the password strength hint', () => {
  it('follows the rule first, then length, mixed case and symbols', () => {
    expect(passwordStrength('').level).toBe(0);
    expect(passwordStrength('abcdefgh').label).toBe('不符合要求');
    expect(passwordStrength('abc12345').label).toBe('弱');
    expect(passwordStrength('Abc12345').label).toBe('中');
    expect(passwordStrength('Abc12345-xyz').label).toBe('强');
    expect(passwordStrength(`a1${'x'.repeat(31)}`).level).toBe(0);
  });
});

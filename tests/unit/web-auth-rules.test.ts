import { describe, expect, it } from 'vitest';
import { authLinks } from '../../apps/web/src/features/auth/lib/auth-links.ts';
import { requiresLogin } from '../../apps/web/src/features/auth/lib/guarded-paths.ts';
import { selectionOnLogin } from '../../apps/web/src/features/auth/lib/selection-on-login.ts';

const lijg = { userName: 'lijg', scStage: 3, stageName: '初中', special: 31, subjectName: '数学' };

describe('stage/subject on login', () => {
  it('applies the saved stage and subject on a real login', () => {
    expect(selectionOnLogin(lijg, { sessionCheck: false, previousUserName: null })).toEqual({
      kind: 'apply',
      stage: { id: 3, dictName: '初中' },
      subject: { id: 31, dictName: '数学' },
    });
    // Logging in again as the same user still applies them: only the session check keeps the picker.
    expect(selectionOnLogin(lijg, { sessionCheck: false, previousUserName: 'lijg' }).kind).toBe('apply');
  });

  it('leaves the picker alone on a session check when the user is unchanged', () => {
    expect(selectionOnLogin(lijg, { sessionCheck: true, previousUserName: 'lijg' })).toEqual({ kind: 'keep' });
  });

  it('applies them on a session check that finds another user, or a user this tab did not know', () => {
    expect(selectionOnLogin(lijg, { sessionCheck: true, previousUserName: 'zhangxm' }).kind).toBe('apply');
    expect(selectionOnLogin(lijg, { sessionCheck: true, previousUserName: null }).kind).toBe('apply');
  });

  it('opens the picker when no stage is saved', () => {
    const admin = { userName: 'admin', scStage: null, stageName: null, special: null, subjectName: null };
    expect(selectionOnLogin(admin, { sessionCheck: false, previousUserName: null })).toEqual({ kind: 'pick' });
    // A stage id whose name is unknown cannot be shown: ask instead of showing a blank label.
    expect(selectionOnLogin({ ...lijg, stageName: null }, { sessionCheck: false, previousUserName: null }).kind).toBe(
      'pick',
    );
  });

  it('a stage without a subject means all of its subjects', () => {
    const result = selectionOnLogin(
      { ...lijg, special: null, subjectName: null },
      { sessionCheck: false, previousUserName: null },
    );
    expect(result).toEqual({
      kind: 'apply',
      stage: { id: 3, dictName: '初中' },
      subject: { id: null, dictName: '全部学科' },
    });
  });
});

describe('paths that need a login (Guard)', () => {
  it.each([
    '/personSpace',
    '/personSpace/index',
    '/personSpace/account/income/withdrawal',
    '/home/uploadDoc',
    '/home/uploadVideo',
  ])('%s needs a login', (path) => {
    expect(requiresLogin(path)).toBe(true);
  });

  it.each(['/home/index', '/home/search', '/home/documents/details', '/personSpaceX', '/home/uploadDocs', '/pcourse'])(
    '%s is public',
    (path) => {
      expect(requiresLogin(path)).toBe(false);
    },
  );
});

describe('auth site links (External navigation)', () => {
  it('builds the addresses on the configured auth site, with their parameters', () => {
    expect(authLinks.personalCenter('/auth', 'M100')).toBe('/auth/personalCenter?memberId=M100');
    expect(authLinks.securitySettings('/auth/', 1, 7)).toBe('/auth/securitySettings?roleTypeId=1&roleId=7');
    expect(authLinks.register('https://id.example.edu.cn', 'http://x/home/index?a=1&b=2')).toBe(
      'https://id.example.edu.cn/register?toUrl=http%3A%2F%2Fx%2Fhome%2Findex%3Fa%3D1%26b%3D2',
    );
    expect(authLinks.forgotPassword('/auth', 'http://x/')).toBe('/auth/forgetPassword?toUrl=http%3A%2F%2Fx%2F');
  });

  it('leaves out parameters that are not known', () => {
    expect(authLinks.securitySettings('/auth', null, null)).toBe('/auth/securitySettings');
  });
});

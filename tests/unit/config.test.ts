import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';

describe('config', () => {
  it('fills defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_ON_START).toBe(true);
  });

  it('fails fast naming every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SEED_ON_START: 'maybe' })).toThrow(
      /配置有误[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*SEED_ON_START/,
    );
  });

  it('asks for the WeChat app id and secret when real WeChat is chosen', () => {
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx0123' })).toThrow(
      /WECHAT_APP_SECRET: WECHAT_PROVIDER=wechat 时必须设置/,
    );
    expect(
      loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx0123', WECHAT_APP_SECRET: 's' }).WECHAT_APP_ID,
    ).toBe('wx0123');
  });

  it('parses the allowed origins list', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';

/** Production with its sandboxes chosen on purpose (production refuses to guess). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'sandbox',
  WECHAT_PROVIDER: 'sandbox',
  SMS_PROVIDER: 'outbox',
} as const;

describe('config', () => {
  it('fills defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_ON_START).toBe('demo');
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

  it('keeps /metrics to loopback unless told otherwise, and checks its allow-list and token', () => {
    expect(loadConfig({}).METRICS_ALLOW).toEqual(['127.0.0.0/8', '::1/128']);
    expect(loadConfig({}).METRICS_TOKEN).toBe('');
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).METRICS_ALLOW).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ METRICS_ALLOW: '' }).METRICS_ALLOW).toEqual([]);
    for (const bad of ['prometheus.local', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: 至少 16 个字符/);
  });

  it('parses the allowed origins list', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('seeding on start', () => {
  const seedMode = (env: Record<string, string>) =>
    loadConfig(env.NODE_ENV === 'production' ? { ...PRODUCTION, ...env } : env).SEED_ON_START;

  it('defaults to the demo in development and tests, to a minimal seed in production', () => {
    expect(seedMode({})).toBe('demo');
    expect(seedMode({ NODE_ENV: 'test' })).toBe('demo');
    expect(seedMode({ NODE_ENV: 'production' })).toBe('minimal');
  });

  it('takes a named mode in any environment', () => {
    for (const mode of ['demo', 'minimal', 'none'] as const) {
      expect(seedMode({ NODE_ENV: 'production', SEED_ON_START: mode })).toBe(mode);
      expect(seedMode({ SEED_ON_START: mode })).toBe(mode);
    }
  });

  it('still reads the old switch: true is the environment default (never the demo in production), false is none', () => {
    expect(seedMode({ SEED_ON_START: 'true' })).toBe('demo');
    expect(seedMode({ SEED_ON_START: '1' })).toBe('demo');
    expect(seedMode({ NODE_ENV: 'production', SEED_ON_START: 'true' })).toBe('minimal');
    expect(seedMode({ SEED_ON_START: 'false' })).toBe('none');
    expect(seedMode({ NODE_ENV: 'production', SEED_ON_START: '0' })).toBe('none');
  });

  it('checks the first administrator it would create', () => {
    expect(loadConfig({}).ADMIN_USERNAME).toBe('admin');
    expect(loadConfig({}).ADMIN_PASSWORD).toBe('');
    expect(loadConfig({ ADMIN_USERNAME: 'jiaoyuju', ADMIN_PASSWORD: 'Strong2026pass' }).ADMIN_USERNAME).toBe(
      'jiaoyuju',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password' })).toThrow(/ADMIN_PASSWORD: 须为 8-32 位/);
    expect(() => loadConfig({ ADMIN_USERNAME: '1admin' })).toThrow(/ADMIN_USERNAME: 用户名须以字母开头/);
  });
});

describe('production safety of FILE_URL_SECRET', () => {
  const EXTERNAL_DB = 'postgresql://ziyuanku:pw@postgres:5432/ziyuanku';
  const STRONG = 'a3f1c9e07b5d42e8a1f09c3b7d6e5f4a';

  it('refuses an empty secret in production with an external database (several instances must share one)', () => {
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: EXTERNAL_DB })).toThrow(
      /配置有误[\s\S]*FILE_URL_SECRET: 生产环境使用外部数据库（DATABASE_URL）时必须设置/,
    );
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: EXTERNAL_DB, FILE_URL_SECRET: STRONG }).FILE_URL_SECRET).toBe(
      STRONG,
    );
  });

  it('lets the embedded single-instance setup and development generate and keep their own', () => {
    expect(loadConfig(PRODUCTION).FILE_URL_SECRET).toBe('');
    expect(loadConfig({ DATABASE_URL: EXTERNAL_DB }).FILE_URL_SECRET).toBe('');
  });

  it('always refuses the published default and short secrets', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(() =>
        loadConfig({ ...PRODUCTION, NODE_ENV, FILE_URL_SECRET: 'change-me-ziyuanku-file-url-secret' }),
      ).toThrow(/FILE_URL_SECRET: 这是公开发布过的默认值/);
      expect(() => loadConfig({ ...PRODUCTION, NODE_ENV, FILE_URL_SECRET: 'short-secret' })).toThrow(
        /FILE_URL_SECRET: 至少 32 个字符/,
      );
    }
  });
});

describe('production never falls back to a sandbox', () => {
  it('refuses to start until payments, WeChat and text messages are each chosen, naming the choices in Chinese', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /配置有误[\s\S]*PAYMENT_PROVIDER: 生产环境须明确选择：alipay（支付宝收款），或 sandbox（内置沙箱，不会真实收款，仅供演示）[\s\S]*WECHAT_PROVIDER: 生产环境须明确选择[\s\S]*SMS_PROVIDER: 生产环境须明确选择：aliyun（阿里云短信），或 outbox/,
    );
    for (const key of ['PAYMENT_PROVIDER', 'WECHAT_PROVIDER', 'SMS_PROVIDER'] as const) {
      const { [key]: _left, ...rest } = PRODUCTION;
      expect(() => loadConfig(rest), key).toThrow(new RegExp(`${key}: 生产环境须明确选择`));
      // An empty line in .env (`PAYMENT_PROVIDER=`) chooses nothing either.
      expect(() => loadConfig({ ...rest, [key]: '' }), key).toThrow(new RegExp(`${key}: 生产环境须明确选择`));
    }
  });

  it('takes the sandboxes when chosen on purpose, and uses them by default outside production', () => {
    const chosen = loadConfig(PRODUCTION);
    const development = loadConfig({});
    for (const config of [chosen, development]) {
      expect([config.PAYMENT_PROVIDER, config.WECHAT_PROVIDER, config.SMS_PROVIDER]).toEqual([
        'sandbox',
        'sandbox',
        'outbox',
      ]);
    }
  });

  it('asks for every Aliyun SMS setting when Aliyun is chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5t' })).toThrow(
      /SMS_ALIYUN_ACCESS_KEY_SECRET: SMS_PROVIDER=aliyun 时必须设置[\s\S]*SMS_ALIYUN_SIGN_NAME[\s\S]*SMS_ALIYUN_TEMPLATE_CODE[\s\S]*SMS_ALIYUN_TEMPLATE_REGISTRATION_APPROVED[\s\S]*SMS_ALIYUN_TEMPLATE_REGISTRATION_REJECTED/,
    );
  });
});

describe('school networks', () => {
  it('reads addresses and ranges, and refuses anything else in Chinese', () => {
    expect(loadConfig({ SCHOOL_NETWORKS: '202.112.0.10, 10.20.0.0/16' }).SCHOOL_NETWORKS).toEqual([
      '202.112.0.10',
      '10.20.0.0/16',
    ]);
    expect(() => loadConfig({ SCHOOL_NETWORKS: '10.20.0.0/16,school.example.edu.cn' })).toThrow(
      /SCHOOL_NETWORKS: 须为逗号分隔的 IP 地址或 CIDR 网段/,
    );
    expect(() => loadConfig({ SCHOOL_NETWORK_LIMIT_FACTOR: '0' })).toThrow(/SCHOOL_NETWORK_LIMIT_FACTOR/);
  });
});

import path from 'node:path';
import { isStrongPassword, PASSWORD_RULE_TEXT } from '@zyk/shared';
import { z } from 'zod';
import { parseAddressRange } from './lib/address-list.ts';
import { ROOT_DIR } from './lib/paths.ts';

/** What SEED_ON_START may ask for; see apps/api/src/demo/seed-modes.ts. */
export const SEED_MODES = ['demo', 'minimal', 'none'] as const;
export type SeedMode = (typeof SEED_MODES)[number];

/** FILE_URL_SECRET values once shipped as defaults: anyone could forge signed file URLs and payment tokens with them. */
export const PUBLISHED_FILE_URL_SECRETS = ['change-me-ziyuanku-file-url-secret'];
/** A shorter FILE_URL_SECRET is refused (the generated one is 64 hex characters). */
export const FILE_URL_SECRET_MIN_LENGTH = 32;

/** A comma-separated setting as its non-empty, trimmed items. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** One of `values`, or unset; an empty value (`PAYMENT_PROVIDER=` in .env) counts as unset. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values).optional());

/** Every setting, read once from the environment. The README's configuration table mirrors this. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Postgres URL; when unset the api starts an embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(ROOT_DIR, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  /** Connections each api process keeps to Postgres. */
  DB_POOL_SIZE: z.coerce.number().int().min(3).max(500).default(10),
  /**
   * Of those, how many transactions may hold at once (default: all but 3); the rest always serve plain queries,
   * so a burst of money requests cannot make unrelated pages wait.
   */
  DB_TRANSACTION_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** A transaction waiting longer than this for its turn (or a query for a connection) is answered 503. */
  DB_TRANSACTION_WAIT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A transaction still running after this long is rolled back. */
  DB_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /**
   * What the server writes on start into a database that lacks it: demo (reference data, demo accounts and content),
   * minimal (reference data, the textbook catalogue and one administrator) or none. true/false are the old switch:
   * true = this NODE_ENV's default, false = none. Unset: minimal in production, demo otherwise.
   */
  SEED_ON_START: z.enum([...SEED_MODES, 'true', 'false', '1', '0']).optional(),
  /** The administrator a minimal seed creates. */
  ADMIN_USERNAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, '用户名须以字母开头，3-32 位字母、数字、下划线、点或连字符')
    .default('admin'),
  /** Its first password; empty = a random one, printed once to the log at that first start. */
  ADMIN_PASSWORD: z
    .string()
    .default('')
    .refine((v) => v === '' || isStrongPassword(v), `须为 ${PASSWORD_RULE_TEXT}`),
  /** Serve the built web (apps/web/dist) from the same port. */
  SERVE_WEB: bool.default(true),
  /** Origins allowed to send state-changing requests besides the api's own; comma separated. */
  ALLOWED_ORIGINS: z.string().default('').transform(commaList),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: bool.default(false),
  /**
   * Who may read /metrics (Prometheus): client addresses or CIDR ranges, comma separated, judged by the request's
   * address (which honours TRUST_PROXY). Default loopback only; empty turns /metrics off.
   */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1/128')
    .transform(commaList)
    .refine((entries) => entries.every((entry) => parseAddressRange(entry) !== null), {
      message: '须为逗号分隔的 IP 地址或 CIDR 网段，如 127.0.0.1,10.0.0.0/8',
    }),
  /** When set, /metrics also asks for `Authorization: Bearer <token>` (at least 16 characters). */
  METRICS_TOKEN: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 16, { message: '至少 16 个字符' }),
  /** Per-route request limits and the two caps below (off only in tests that hammer the api from one client). */
  RATE_LIMITS: bool.default(true),
  /**
   * Schools' own networks (addresses or CIDR ranges, comma separated): a computer room or a whole school reaches the
   * server from one address. Limits kept per client address are SCHOOL_NETWORK_LIMIT_FACTOR times higher for them.
   */
  SCHOOL_NETWORKS: z
    .string()
    .default('')
    .transform(commaList)
    .refine((entries) => entries.every((entry) => parseAddressRange(entry) !== null), {
      message: '须为逗号分隔的 IP 地址或 CIDR 网段，如 202.112.0.10,10.20.0.0/16',
    }),
  SCHOOL_NETWORK_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Api requests one session may have in flight at once (plugins/in-flight.ts); more answer 429. 0 = no cap. A list
   * page asks for up to 23 at once (20 card thumbnails) when the server is slow and nothing limits the browser's
   * connections (HTTP/2): twice that, for two tabs.
   */
  MAX_IN_FLIGHT_PER_SESSION: z.coerce.number().int().min(0).default(48),
  /** The same for requests without a session, per client address: a school's visitors may share one. */
  MAX_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(0).default(192),
  /** Passphrase of the spec's client-side AES password encryption; the web reads it from /api/open/client/config. */
  PASSWORD_TRANSPORT_KEY: z.string().min(8).default('ziyuanku-transport-2026'),
  /** The separate authentication site on the same origin (studios, training centre, security settings, register). */
  AUTH_SITE_URL: z.string().default('/auth'),
  /** Visitors download free, published resources without logging in; true asks every downloader to log in first. */
  DOWNLOAD_REQUIRES_LOGIN: bool.default(false),
  /** Online preview host for Office files (kkFileView-style); empty means the built-in preview. */
  PREVIEW_HOST: z.string().default(''),
  /** A session ends after this much inactivity, and in any case after SESSION_ABSOLUTE_HOURS. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).default(720),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(168),
  /** Secure cookie flag: auto = only when the request came over HTTPS (honours TRUST_PROXY). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Where uploaded files live: local disk under DATA_DIR/objects, or an S3/MinIO bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Local driver folder; empty means DATA_DIR/objects. */
  STORAGE_DIR: z.string().default(''),
  S3_ENDPOINT: z.string().default('http://127.0.0.1:9000'),
  S3_BUCKET: z.string().min(3).default('ziyuanku'),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_PATH_STYLE: bool.default(true),
  /** HMAC key of short-lived file URLs; empty = generated once and kept in DATA_DIR/secrets (set it when several api instances run). */
  FILE_URL_SECRET: z.string().default(''),
  /** Largest document (form upload), in bytes: 50 MiB. */
  UPLOAD_DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** Largest video or audio (chunked upload), in bytes: 1 GiB. */
  UPLOAD_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  /** An unfinished chunked upload without progress for this long expires and its bytes are removed. */
  UPLOAD_EXPIRE_HOURS: z.coerce.number().min(0.01).default(24),
  /** Office → PDF converter (LibreOffice); empty = `soffice` from PATH when installed. */
  LIBREOFFICE_PATH: z.string().default(''),
  /** Transcoding, video posters and image thumbnails; empty = `ffmpeg` from PATH (ffprobe beside it). */
  FFMPEG_PATH: z.string().default(''),
  /** PDF first-page images; empty = `pdftoppm` from PATH when installed. */
  PDFTOPPM_PATH: z.string().default(''),
  /**
   * Where LibreOffice or poppler is not installed, convert Office documents and draw PDF pages with the built-in
   * WebAssembly LibreOffice and pdf.js (npm; about 1.3 GB of memory while converting). false: such documents get no
   * preview until the system tools are installed.
   */
  BUILTIN_DOCUMENTS: bool.default(true),
  /** A conversion (or thumbnail) taking longer than this is stopped. */
  PREVIEW_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(120),
  /** Office files larger than this are not converted for preview (download still works). */
  PREVIEW_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** A paid document's sample: this many first pages, as watermarked images, for those who have not bought it. */
  PREVIEW_SAMPLE_PAGES: z.coerce.number().int().min(1).max(20).default(3),
  /** A paid video's or audio's sample: this many first seconds (videos watermarked). */
  PREVIEW_SAMPLE_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** Text burned into sample pages and videos, before the resource's number; empty = the site's name. */
  WATERMARK_TEXT: z.string().max(40).default(''),
  /** Run background jobs (conversions, transcoding, order closing, settlement, sweeps) in this process. */
  JOB_WORKER: bool.default(true),
  /** Media jobs (conversion, transcoding) this process runs at once; 0 leaves them to other workers (`pnpm worker`). */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  /** `pnpm worker` listens on this port (on HOST) for /metrics only, under the same METRICS_* rules; 0 = not at all. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Address the external preview host fetches files from (e.g. http://api:3000); empty = the request's own origin. */
  PUBLIC_BASE_URL: z.string().default(''),
  /**
   * Resource review: 1 = one approval (by a school administrator, 教研员 or district administrator in scope)
   * publishes; 2 = the school administrator approves first, then a 教研员 or the district publishes.
   */
  REVIEW_LEVELS: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, 'REVIEW_LEVELS must be 1 or 2')
    .default(1)
    .transform((n) => n as 1 | 2),
  /**
   * Who may register on the account site: open (the account is active at once), approval (the school administrator
   * of the chosen school approves it in the console), roster (only teachers on the allow-list imported with
   * `pnpm admin import-allowlist`; active at once).
   */
  REGISTRATION_POLICY: z.enum(['open', 'approval', 'roster']).default('approval'),
  /** Platform commission on each sale, in percent of the price. */
  COMMISSION_PERCENT: z.coerce.number().min(0).max(90).default(10),
  /** Days a sale's income stays pending before it becomes withdrawable. */
  SETTLEMENT_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** An unpaid order closes after this many minutes (its coupon is released). */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Smallest withdrawal, in fen (10 yuan). */
  WITHDRAWAL_MIN_FEN: z.coerce.number().int().min(1).default(1000),
  /**
   * Alipay-style payments: the built-in sandbox gateway (cashier page on this server, no real money), or Alipay itself.
   * Unset: the sandbox outside production; production refuses to start until one is chosen.
   */
  PAYMENT_PROVIDER: choice(['sandbox', 'alipay']),
  ALIPAY_APP_ID: z.string().default(''),
  /** PEM (PKCS#8 or PKCS#1) of the app's private key, or a path to a file holding it. */
  ALIPAY_PRIVATE_KEY: z.string().default(''),
  /** PEM of Alipay's public key (from the Alipay open platform), or a path to a file holding it. */
  ALIPAY_PUBLIC_KEY: z.string().default(''),
  /** The merchant's Alipay user id(s) (2088…, comma-separated): notifications for any other seller are refused. */
  ALIPAY_SELLER_ID: z.string().default(''),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** Seconds between the sandbox's notification retries (Alipay itself waits minutes to hours). */
  SANDBOX_NOTIFY_RETRY_SECONDS: z.coerce.number().min(0.05).default(5),
  /** WeChat binding (security settings): the built-in WeChat sandbox, or the WeChat open platform's website login. */
  WECHAT_PROVIDER: choice(['sandbox', 'wechat']),
  /** The website application's AppID and AppSecret from open.weixin.qq.com (WECHAT_PROVIDER=wechat). */
  WECHAT_APP_ID: z.string().default(''),
  WECHAT_APP_SECRET: z.string().default(''),
  /**
   * Text messages (phone codes, registration decisions): outbox keeps them on this server (log and `pnpm admin
   * sms-codes`), aliyun sends them through Aliyun SMS. Unset: outbox outside production; production must choose.
   */
  SMS_PROVIDER: choice(['outbox', 'aliyun']),
  /** An AccessKey of a RAM user allowed to send SMS (dysms:SendSms). */
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().default(''),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().default(''),
  /** The approved signature (签名), shown as 【…】 before every message. */
  SMS_ALIYUN_SIGN_NAME: z.string().default(''),
  /** Approved templates: a 验证码 template with ${code}; notices with ${userName} and ${reason}. */
  SMS_ALIYUN_TEMPLATE_CODE: z.string().default(''),
  SMS_ALIYUN_TEMPLATE_REGISTRATION_APPROVED: z.string().default(''),
  SMS_ALIYUN_TEMPLATE_REGISTRATION_REJECTED: z.string().default(''),
  SMS_ALIYUN_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  /** Verification texts one client address may ask for per hour (each phone has its own limits as well). */
  SMS_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000).default(30),
});

/** Settings whose sandbox stands in for a real service: production starts only once each is chosen on purpose. */
const PRODUCTION_CHOICES = {
  PAYMENT_PROVIDER: {
    fallback: 'sandbox',
    message: 'alipay（支付宝收款），或 sandbox（内置沙箱，不会真实收款，仅供演示）',
  },
  WECHAT_PROVIDER: { fallback: 'sandbox', message: 'wechat（微信开放平台），或 sandbox（内置沙箱，仅供演示）' },
  SMS_PROVIDER: {
    fallback: 'outbox',
    message: 'aliyun（阿里云短信），或 outbox（短信只留在本机，不会发出，仅供演示）',
  },
} as const;

const checked = schema.superRefine((c, ctx) => {
  if (c.DB_TRANSACTION_CONNECTIONS !== undefined && c.DB_TRANSACTION_CONNECTIONS >= c.DB_POOL_SIZE) {
    ctx.addIssue({
      code: 'custom',
      path: ['DB_TRANSACTION_CONNECTIONS'],
      message: `须小于 DB_POOL_SIZE（${c.DB_POOL_SIZE}），留出连接给普通查询`,
    });
  }
  const fileUrlSecret = c.FILE_URL_SECRET.trim();
  if (PUBLISHED_FILE_URL_SECRETS.includes(fileUrlSecret)) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILE_URL_SECRET'],
      message: '这是公开发布过的默认值，任何人都能伪造文件链接：请换成随机串（如 openssl rand -hex 32 的输出）',
    });
  } else if (fileUrlSecret && fileUrlSecret.length < FILE_URL_SECRET_MIN_LENGTH) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILE_URL_SECRET'],
      message: `至少 ${FILE_URL_SECRET_MIN_LENGTH} 个字符（如 openssl rand -hex 32 的输出）`,
    });
  }
  // The embedded database means one instance, which keeps its generated key in DATA_DIR/secrets; an external
  // database may serve several instances, and each would sign with a key of its own.
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !fileUrlSecret) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILE_URL_SECRET'],
      message:
        '生产环境使用外部数据库（DATABASE_URL）时必须设置，且所有实例相同（至少 32 个字符，如 openssl rand -hex 32 的输出）',
    });
  }
  if (c.WECHAT_PROVIDER === 'wechat') {
    for (const key of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const) {
      if (!c[key].trim()) ctx.addIssue({ code: 'custom', path: [key], message: 'WECHAT_PROVIDER=wechat 时必须设置' });
    }
  }
  if (c.SMS_PROVIDER === 'aliyun') {
    for (const key of [
      'SMS_ALIYUN_ACCESS_KEY_ID',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_ALIYUN_SIGN_NAME',
      'SMS_ALIYUN_TEMPLATE_CODE',
      'SMS_ALIYUN_TEMPLATE_REGISTRATION_APPROVED',
      'SMS_ALIYUN_TEMPLATE_REGISTRATION_REJECTED',
    ] as const) {
      if (!c[key].trim()) ctx.addIssue({ code: 'custom', path: [key], message: 'SMS_PROVIDER=aliyun 时必须设置' });
    }
  }
  if (c.NODE_ENV === 'production') {
    for (const [key, choice] of Object.entries(PRODUCTION_CHOICES)) {
      if (c[key as keyof typeof PRODUCTION_CHOICES] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `生产环境须明确选择：${choice.message}` });
      }
    }
  }
});

/** SEED_ON_START as the server reads it: true means the environment's default, which is never demo in production. */
export const seedModeOf = (value: string | undefined, nodeEnv: string): SeedMode => {
  if (value === 'false' || value === '0') return 'none';
  if (value === 'demo' || value === 'minimal' || value === 'none') return value;
  return nodeEnv === 'production' ? 'minimal' : 'demo';
};

const resolved = checked.transform(({ SEED_ON_START, PAYMENT_PROVIDER, WECHAT_PROVIDER, SMS_PROVIDER, ...rest }) => ({
  ...rest,
  SEED_ON_START: seedModeOf(SEED_ON_START, rest.NODE_ENV),
  PAYMENT_PROVIDER: PAYMENT_PROVIDER ?? PRODUCTION_CHOICES.PAYMENT_PROVIDER.fallback,
  WECHAT_PROVIDER: WECHAT_PROVIDER ?? PRODUCTION_CHOICES.WECHAT_PROVIDER.fallback,
  SMS_PROVIDER: SMS_PROVIDER ?? PRODUCTION_CHOICES.SMS_PROVIDER.fallback,
}));

export type Config = z.output<typeof resolved>;

/** The database pool settings of a config, with the transaction share worked out. */
export const poolSettings = (config: Config) => ({
  size: config.DB_POOL_SIZE,
  transactions: {
    connections: config.DB_TRANSACTION_CONNECTIONS ?? Math.max(1, config.DB_POOL_SIZE - 3),
    waitMs: config.DB_TRANSACTION_WAIT_MS,
    timeoutMs: config.DB_TRANSACTION_TIMEOUT_MS,
  },
});
export type PoolSettings = ReturnType<typeof poolSettings>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = resolved.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`配置有误，请检查环境变量：\n${problems}`);
  }
  return parsed.data;
};

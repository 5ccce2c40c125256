import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The api's modules form layers: a module imports only modules of a lower layer (no arrow runs back up, so there
 * are no cycles), and it reads and writes only the tables it owns, asking the owner's functions for the rest.
 * ARCHITECTURE.md draws the same picture.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(ROOT, 'apps/api/src/modules');

/** Layer of each module; a module may import modules of lower layers only. */
const LAYER: Record<string, number> = {
  storage: 0,
  dict: 0,
  messages: 0,
  throttle: 0,
  system: 0,
  audit: 0,
  org: 0,
  curation: 0,
  files: 1,
  captcha: 1,
  catalogue: 1,
  auth: 2,
  preview: 2,
  workorders: 2,
  account: 3,
  center: 3,
  uploads: 3,
  library: 3,
  courses: 4,
  commerce: 4,
  studios: 4,
  registration: 4,
  admin: 5,
  training: 5,
};

/** Which module owns each Prisma model (its table). */
const OWNER: Record<string, string> = {
  User: 'auth',
  Role: 'auth',
  UserRole: 'auth',
  Session: 'auth',
  LoginEvent: 'auth',
  WechatBindState: 'account',
  WechatSandboxGrant: 'account',
  LoginThrottle: 'throttle',
  RateLimitCounter: 'throttle',
  Dict: 'dict',
  CatalogueNode: 'catalogue',
  ResourceChapter: 'library',
  StoredFile: 'files',
  FileDerivative: 'preview',
  CaptchaChallenge: 'captcha',
  SmsCode: 'account',
  SmsOutbox: 'account',
  RegistrationAllowlist: 'registration',
  Area: 'center',
  Studio: 'studios',
  StudioMember: 'studios',
  StudioAnnouncement: 'studios',
  StudioResource: 'studios',
  Project: 'training',
  ProjectMember: 'training',
  ProjectCourse: 'training',
  ChunkedUpload: 'uploads',
  Resource: 'library',
  ResourceFile: 'library',
  ResourceStar: 'library',
  ResourceCollect: 'library',
  ViewHistory: 'library',
  DownloadHistory: 'library',
  ResourceDailyStat: 'library',
  Comment: 'library',
  Reply: 'library',
  Report: 'library',
  SearchRecord: 'library',
  SearchWordDaily: 'library',
  SearchSynonym: 'library',
  Message: 'messages',
  MessageRead: 'messages',
  WorkOrder: 'workorders',
  Course: 'courses',
  CourseTitle: 'courses',
  Topic: 'courses',
  TopicCourse: 'courses',
  StudyRecord: 'courses',
  LedgerAccount: 'commerce',
  LedgerTransaction: 'commerce',
  LedgerLine: 'commerce',
  Order: 'commerce',
  Coupon: 'commerce',
  IdempotencyKey: 'commerce',
  PaymentNotification: 'commerce',
  SandboxTrade: 'commerce',
  PayAccount: 'commerce',
  IdentityVerification: 'commerce',
  Withdrawal: 'commerce',
  Invoice: 'commerce',
  InvoiceItem: 'commerce',
  School: 'org',
  RolePermission: 'auth',
  AuditLog: 'audit',
  HomeBanner: 'curation',
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0]!;

const schema = readFileSync(path.join(ROOT, 'prisma/schema.prisma'), 'utf8');
const tableOf = new Map(
  [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, name, body]) => [
    name!,
    /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? name!,
  ]),
);

describe('api modules', () => {
  const files = sourceFiles(MODULES);

  it('every module has a layer and every model an owner', () => {
    const modules = new Set(files.map(moduleOf));
    expect([...modules].filter((m) => LAYER[m] === undefined)).toEqual([]);
    expect([...tableOf.keys()].filter((m) => !OWNER[m])).toEqual([]);
  });

  it('import only modules of lower layers', () => {
    const backArrows: string[] = [];
    for (const file of files) {
      const from = moduleOf(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), spec!);
        if (!target.startsWith(MODULES + path.sep)) continue;
        const to = moduleOf(target);
        if (to !== from && !((LAYER[to] ?? 99) < (LAYER[from] ?? -1))) {
          backArrows.push(`${path.relative(ROOT, file)} → ${to}`);
        }
      }
    }
    expect(backArrows).toEqual([]);
  });

  /** The files among `candidates` that use a table `owns` does not allow them, as "file uses table (owner)". */
  const trespassesOf = (candidates: string[], owns: (file: string, owner: string) => boolean) => {
    const trespass: string[] = [];
    for (const file of candidates) {
      const text = readFileSync(file, 'utf8');
      for (const [model, owner] of Object.entries(OWNER)) {
        if (owns(file, owner)) continue;
        const accessor = model[0]!.toLowerCase() + model.slice(1);
        const table = tableOf.get(model)!;
        const client = new RegExp(`\\b(?:prisma|tx|db)\\.${accessor}\\.`);
        const sql = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+${table}\\b`);
        if (client.test(text) || sql.test(text)) trespass.push(`${path.relative(ROOT, file)} uses ${table} (${owner})`);
      }
    }
    return trespass;
  };

  it('touch only their own tables', () => {
    expect(trespassesOf(files, (file, owner) => moduleOf(file) === owner)).toEqual([]);
  });

  it('leave every table to the modules: lib/, plugins/ and app.ts touch none', () => {
    const SRC = path.join(ROOT, 'apps/api/src');
    const shared = [
      ...sourceFiles(path.join(SRC, 'lib')),
      ...sourceFiles(path.join(SRC, 'plugins')),
      path.join(SRC, 'app.ts'),
    ];
    expect(trespassesOf(shared, () => false)).toEqual([]);
  });
});

describe('web features', () => {
  const FEATURES = path.join(ROOT, 'apps/web/src/features');
  /** Features other features may import: the shell (layout, navigation) is shared by all pages. */
  const SHARED_FEATURES = new Set(['shell']);

  it('import no other feature except the shared shell', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      const from = path.relative(FEATURES, file).split(path.sep)[0]!;
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), spec!);
        if (!target.startsWith(FEATURES + path.sep)) continue;
        const to = path.relative(FEATURES, target).split(path.sep)[0]!;
        if (to !== from && !SHARED_FEATURES.has(to)) crossings.push(`${path.relative(ROOT, file)} → ${to}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});

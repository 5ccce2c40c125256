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

/** The files a source file imports by relative path (static, re-exports and dynamic `import()`), resolved. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(([, spec]) =>
    path.resolve(path.dirname(file), spec!),
  );

/** The first part of a path under `root`: a folder, or a file of the top level. */
const topOf = (root: string, file: string) => path.relative(root, file).split(path.sep)[0]!;

/** Arrows "from → to" between top-level parts of `root` that do not run down the given layers. */
const upwardArrows = (root: string, layers: Record<string, number>) => {
  const arrows = new Set<string>();
  for (const file of sourceFiles(root)) {
    const from = topOf(root, file);
    for (const target of importsOf(file)) {
      if (!target.startsWith(root + path.sep)) continue;
      const to = topOf(root, target);
      if (to !== from && !((layers[to] ?? 99) < (layers[from] ?? -1))) arrows.add(`${from} → ${to}`);
    }
  }
  return [...arrows];
};

/** Import cycles among the source files under `root` (Tarjan's strongly connected components of two or more). */
const cyclesUnder = (root: string) => {
  const files = sourceFiles(root).filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
  const edges = new Map(files.map((file) => [file, importsOf(file).flatMap((t) => resolveSource(t) ?? [])]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(path.relative(ROOT, w));
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
};

/** A specifier's file: as written, or a folder's index. */
const resolveSource = (target: string) =>
  [target, path.join(target, 'index.ts'), path.join(target, 'index.tsx')].find((candidate) => {
    try {
      return readFileSync(candidate) && true;
    } catch {
      return false;
    }
  });

describe('layers of the whole api', () => {
  const SRC = path.join(ROOT, 'apps/api/src');
  /**
   * Top-level parts, lowest first: helpers, settings, Fastify plugins, the modules, the job runner, database set-up,
   * backups and the demo, the app, and the processes that start it.
   */
  const LAYERS: Record<string, number> = {
    generated: 0,
    lib: 1,
    'config.ts': 2,
    plugins: 3,
    modules: 4,
    jobs: 5,
    db: 6,
    backup: 7,
    demo: 7,
    'app.ts': 8,
    'server.ts': 9,
    'worker.ts': 9,
    cli: 9,
  };

  it('every part has a layer, and imports only parts of lower layers', () => {
    const parts = new Set(sourceFiles(SRC).map((file) => topOf(SRC, file)));
    expect([...parts].filter((part) => LAYERS[part] === undefined)).toEqual([]);
    expect(upwardArrows(SRC, LAYERS)).toEqual([]);
  });

  it('demo data is made only where a process starts: server.ts, cli/ and the tests import demo/', () => {
    const DEMO = path.join(SRC, 'demo');
    const importers = sourceFiles(SRC).filter(
      (file) =>
        !file.startsWith(DEMO + path.sep) && importsOf(file).some((target) => target.startsWith(DEMO + path.sep)),
    );
    expect(
      importers.map((file) => path.relative(SRC, file)).filter((f) => f !== 'server.ts' && !f.startsWith('cli')),
    ).toEqual([]);
  });
});

describe('layers of the web', () => {
  const SRC = path.join(ROOT, 'apps/web/src');
  /** Helpers and styles, then shared components and stores, the features, the app shell, and the entry points. */
  const LAYERS: Record<string, number> = {
    lib: 0,
    styles: 0,
    components: 1,
    stores: 1,
    features: 2,
    app: 3,
    'main.tsx': 4,
    prerender: 4,
    'vite-env.d.ts': 0,
  };

  it('every part has a layer, and imports only parts of lower layers', () => {
    const parts = new Set(sourceFiles(SRC).map((file) => topOf(SRC, file)));
    expect([...parts].filter((part) => LAYERS[part] === undefined)).toEqual([]);
    expect(upwardArrows(SRC, LAYERS)).toEqual([]);
  });
});

describe('no import cycles', () => {
  it.each(['apps/api/src', 'apps/web/src', 'packages/shared/src'])('in %s', (dir) => {
    expect(cyclesUnder(path.join(ROOT, dir))).toEqual([]);
  });
});

describe('one visibility policy', () => {
  const SRC = path.join(ROOT, 'apps/api/src');
  /**
   * Hand-written forms of "published and not deleted" and "the author or an administrator", which
   * apps/api/src/lib/visibility.ts writes once. The review's own transitions (library/review-queue.ts,
   * courses/review.ts) check the state they move a thing from, and may name it.
   */
  const COPIES = [
    /[!=]== 'PUBLISHED'/,
    /status = 'PUBLISHED'/,
    /OR: \[\{ status: 'PUBLISHED'/,
    /isAdmin \|\| [\w.]+\.id ===/,
    /const (isOwnerOrAdmin|canSee|isPublished)\b/,
  ];
  const OWN_STATE = new Set(['lib/visibility.ts', 'modules/library/review-queue.ts', 'modules/courses/review.ts']);

  it('is written once: no module decides visibility by hand', () => {
    const copies: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = path.relative(SRC, file);
      if (OWN_STATE.has(name) || name.startsWith('generated')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (COPIES.some((copy) => copy.test(line))) copies.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(copies).toEqual([]);
  });
});

describe('the web admin keeps the features’ convention', () => {
  const ADMIN = path.join(ROOT, 'apps/web/src/features/admin');
  /** Where each kind of code may live: requests in api/, queries, writes and cache refreshes in hooks/. */
  const PLACES: { what: RegExp; home: string }[] = [
    { what: /\bapi\(routes\./, home: 'api' },
    {
      what: /\b(useQuery|useMutation|useQueryClient|useInfiniteQuery)\(|invalidateQueries|refetchAfterWrite|setQueryData/,
      home: 'hooks',
    },
  ];

  it('pages ask hooks for data, and hooks ask the api files', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(ADMIN)) {
      const name = path.relative(ADMIN, file);
      const folder = name.split(path.sep)[0];
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const { what, home } of PLACES) {
            if (folder !== home && what.test(line)) strays.push(`${name}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    expect(strays).toEqual([]);
  });

  it('query keys come from the one factory, never from literal arrays', () => {
    const literals = sourceFiles(ADMIN)
      .filter((file) => !file.endsWith('admin-keys.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(ADMIN, file)}:${i + 1}` }))
          .filter(({ line }) => /queryKey: \[/.test(line))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(literals).toEqual([]);
  });
});

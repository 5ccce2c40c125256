// Bundles the api's entry points (server, admin CLI, job worker) into dist/ with the workspace's TypeScript sources inlined;
// npm dependencies stay external and load from node_modules. The upload hashing worker is an entry point of its own:
// modules/uploads/hasher.ts starts it as `new URL('./hash-worker.mjs', import.meta.url)`, which from the bundle
// is dist/hash-worker.mjs; the same for preview/document-worker.mjs.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Bundled rather than external: workspace sources, and crypto-js, whose extensionless CommonJS subpaths
// (`crypto-js/aes`) only resolve through a bundler, not through Node's ESM loader.
const bundled = (name) => name.startsWith('@zyk/') || name === 'crypto-js';
const external = Object.keys(pkg.dependencies).filter((name) => !bundled(name));

await build({
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    worker: 'src/worker.ts',
    'hash-worker': 'src/modules/uploads/hash-worker.mjs',
    'document-worker': 'src/modules/preview/document-worker.mjs',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log(
  'api built: dist/server.mjs, dist/admin.mjs, dist/worker.mjs, dist/hash-worker.mjs, dist/document-worker.mjs',
);

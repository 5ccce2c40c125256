// After `vite build`: a gzip and a brotli copy of every script, style and SVG, which the api serves to browsers
// that accept them (@fastify/static preCompressed). Compressed once at build, never per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(new URL(import.meta.url).pathname), 'dist');
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

let files = 0;
for (const file of walk(dist)) {
  if (!/\.(js|css|svg|html|json)$/.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`compressed ${files} files (gzip + brotli)`);

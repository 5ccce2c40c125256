import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or image) root: the nearest folder above this module holding `prisma/schema.prisma`. */
const findRoot = () => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'prisma', 'schema.prisma'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('找不到项目根目录（缺少 prisma/schema.prisma）');
    dir = parent;
  }
  return dir;
};

export const ROOT_DIR = process.env.ZYK_ROOT ?? findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'prisma', 'migrations');
export const WEB_DIST_DIR = path.join(ROOT_DIR, 'apps', 'web', 'dist');

import * as dict from './dict.ts';
import * as system from './system.ts';

/** The route table: every endpoint of the product, one entry each (DESIGN.md §2). */
export const routes = {
  healthz: system.healthz,
  readyz: system.readyz,
  dictList: dict.dictList,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export * from './define.ts';
export { type DictEntry, dictEntry } from './dict.ts';

/** The library module's routes (apps/api/src/modules/library): resources, interactions and comments, search. */
export * from './interactions.ts';
export * from './resources.ts';
export * from './search.ts';

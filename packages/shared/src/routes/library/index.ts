/** The library module's routes (apps/api/src/modules/library): resources, interactions and comments, search, browsing by textbook chapter. */
export * from './catalogue.ts';
export * from './interactions.ts';
export * from './resources.ts';
export * from './search.ts';

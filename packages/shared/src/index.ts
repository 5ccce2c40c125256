export * from './client.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './idcard.ts';
export { buildOpenApi } from './openapi/build.ts';
export * from './routes/index.ts';
export { z } from './zod.ts';

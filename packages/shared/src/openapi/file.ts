import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from './build.ts';

/** The committed copy lives at the repo root so API changes show up as a diff in review. */
export const openApiFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../openapi.json');
export const renderOpenApi = () => `${JSON.stringify(buildOpenApi(), null, 2)}\n`;

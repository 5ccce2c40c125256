import { writeFileSync } from 'node:fs';
import { openApiFile, renderOpenApi } from './file.ts';

writeFileSync(openApiFile, renderOpenApi());
console.log(`已写入 ${openApiFile}`);

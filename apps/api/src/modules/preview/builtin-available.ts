import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The built-in document thread's code (builtin-documents.ts starts it): next to this module in the sources, next
 * to the bundle in dist/ (build.mjs emits it as its own entry point).
 */
export const DOCUMENT_WORKER_URL = new URL('./document-worker.mjs', import.meta.url);

/** Whether the built-in converters are installed: their npm packages, and the thread's file in this build. */
export const builtinDocumentsAvailable = () => {
  const require = createRequire(import.meta.url);
  try {
    for (const name of ['@matbee/libreoffice-converter/wasm/loader', '@expo-google-fonts/noto-sans-sc/package.json']) {
      require.resolve(name);
    }
    return existsSync(fileURLToPath(DOCUMENT_WORKER_URL));
  } catch {
    return false;
  }
};

import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the site's Content-Security-Policy forbids eval, so
// its probe would be reported as a violation on every page. Imported first by main.tsx, before any schema exists.
z.config({ jitless: true });

import { defineConfig } from 'prisma/config';

// Only `prisma generate` / `validate` / `format` are used (DESIGN.md §5): no datasource URL needed here.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

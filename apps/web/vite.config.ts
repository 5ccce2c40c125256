import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The api (apps/api) listens here in development; in production it serves this build itself. */
const API_TARGET = 'http://127.0.0.1:3000';
const proxied = ['/api', '/es', '/docs', '/healthz'];

// Vendor chunks change far less often than the app: keeping them apart lets browsers cache them across releases.
// pnpm paths look like node_modules/.pnpm/<pkg>@<ver>/node_modules/<pkg>/..., so match the inner segment.
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

const ANTD = pkg('antd|@ant-design|@rc-component|rc-[^\\\\/]+|dayjs|@babel|stylis|@emotion');

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: pkg('react|react-dom|scheduler|react-router|react-router-dom|@tanstack'),
              priority: 30,
            },
            // entriesAware: antd modules are grouped by the chunks that use them, so what only the lazy login
            // dialog or user menu needs (Form, Input, Dropdown, Menu…) stays out of the home page's first load.
            { name: 'antd', test: ANTD, priority: 20, entriesAware: true },
            { name: 'zod', test: pkg('zod'), priority: 10 },
          ],
        },
      },
    },
  },
});

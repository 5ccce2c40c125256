// The peer of the uploads benchmark: @tus/server with its file store, in its own process.
// Usage: node tus-server.mjs <directory>; prints "listening <url>".
import http from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

const tus = new Server({ path: '/files', datastore: new FileStore({ directory: process.argv[2] }) });
const server = http.createServer((req, res) => tus.handle(req, res));
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));

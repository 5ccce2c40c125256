// A real S3 server process for tests and benchmarks: s3rver (npm) plus two shims for calls it lacks.
// Usage: node s3rver-server.mjs <port> <directory> <bucket>; prints "ready" when listening.
import fs from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});

// s3rver answers ListMultipartUploads (GET /bucket?uploads), which the minio client calls before multipart
// uploads, with 501; an empty listing is what a fresh S3 bucket answers. AbortMultipartUpload
// (DELETE /bucket/key?uploadId=…) is missing too: it removes s3rver's part folder like S3 discards the parts.
server.middleware.unshift(async (ctx, next) => {
  const [, name, ...rest] = ctx.path.split('/');
  if (ctx.method === 'GET' && rest.length === 0 && 'uploads' in ctx.query) {
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>
<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${name}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`;
    return;
  }
  if (ctx.method === 'DELETE' && rest.length > 0 && typeof ctx.query.uploadId === 'string') {
    const dir = path.join(directory, name, '._S3rver_uploads', path.basename(ctx.query.uploadId));
    try {
      await fs.access(dir);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    await fs.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  await next();
});

await server.run();
console.log('ready');
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

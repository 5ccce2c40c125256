// The SHA-256 thread of chunked uploads (hasher.ts starts it). Plain JavaScript with Node built-ins only, so the same
// file runs from the sources (vitest, tsx) and as dist/hash-worker.mjs next to the bundled server (build.mjs).
// Messages are handled in the order they were posted: a digest covers every update posted before it.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('hash-worker.mjs runs as a worker thread only');
const port = parentPort;

/** Running hashes of acknowledged bytes, by upload key. */
const states = new Map();
/** Hashes of chunks (or whole objects) in the making, by fork id; null when their base state was not here. */
const forks = new Map();
/**
 * Running hashes of uploads whose acknowledged bytes are in a local file, by upload key: { fd, offset, hash }. The
 * worker reads them itself (an acknowledged byte is never written again), so nothing is copied to it; the file stays
 * open, so the same bytes are still read after the data file is renamed to its object.
 */
const files = new Map();
const READ = Buffer.allocUnsafeSlow(1 << 20);

const closeFile = (key) => {
  const file = files.get(key);
  files.delete(key);
  if (file) closeSync(file.fd);
};

/** The file state of `key` brought up to byte `to` (opening `path` and starting from 0 when there is none). */
const catchUp = (key, path, to) => {
  let file = files.get(key);
  if (!file) {
    file = { fd: openSync(path, 'r'), offset: 0, hash: createHash('sha256') };
    files.set(key, file);
  }
  while (file.offset < to) {
    const n = readSync(file.fd, READ, 0, Math.min(READ.length, to - file.offset), file.offset);
    if (n === 0) throw new Error(`${path} ends at ${file.offset}, before ${to}`);
    file.hash.update(READ.subarray(0, n));
    file.offset += n;
  }
  return file;
};

port.on('message', (m) => {
  switch (m.op) {
    case 'fork': {
      const base = m.from === null ? null : states.get(m.from);
      forks.set(m.id, m.from === null ? createHash('sha256') : base ? base.copy() : null);
      break;
    }
    case 'update': {
      const hash = forks.get(m.id);
      if (hash) hash.update(new Uint8Array(m.buffer, 0, m.length));
      // The batch buffer goes back to the sender for reuse.
      port.postMessage({ op: 'ack', length: m.length, buffer: m.buffer }, [m.buffer]);
      break;
    }
    case 'commit': {
      const hash = forks.get(m.id);
      forks.delete(m.id);
      if (hash) states.set(m.key, hash);
      else states.delete(m.key);
      break;
    }
    case 'discard':
      forks.delete(m.id);
      break;
    case 'drop':
      states.delete(m.key);
      closeFile(m.key);
      break;
    case 'follow':
      try {
        catchUp(m.key, m.path, m.to);
      } catch {
        closeFile(m.key); // unreadable (removed meanwhile): the digest starts over from the file it is given
      }
      break;
    case 'fileDigest': {
      let hex = null;
      try {
        const file = catchUp(m.key, m.path, m.size);
        if (file.offset === m.size) hex = file.hash.digest('hex');
      } catch {
        // unreadable: null, and the caller hashes the stored object itself
      }
      closeFile(m.key);
      port.postMessage({ op: 'result', seq: m.seq, hex });
      break;
    }
    case 'digest': {
      const hash = m.key === null ? forks.get(m.id) : states.get(m.key);
      if (m.key === null) forks.delete(m.id);
      else states.delete(m.key);
      port.postMessage({ op: 'result', seq: m.seq, hex: hash ? hash.digest('hex') : null });
      break;
    }
    default:
      throw new Error(`hash worker: unknown message ${JSON.stringify(m?.op)}`);
  }
});

// The SHA-256 thread of chunked uploads (hasher.ts starts it). Plain JavaScript with Node built-ins only, so the same
// file runs from the sources (vitest, tsx) and as dist/hash-worker.mjs next to the bundled server (build.mjs).
// Messages are handled in the order they were posted: a digest covers every update posted before it.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('hash-worker.mjs runs as a worker thread only');
const port = parentPort;

/** Running hashes of acknowledged bytes, by upload key. */
const states = new Map();
/** Hashes of chunks (or whole objects) in the making, by fork id; null when their base state was not here. */
const forks = new Map();

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
      break;
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

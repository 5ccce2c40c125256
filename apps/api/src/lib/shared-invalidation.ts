import { randomUUID } from 'node:crypto';

/**
 * Caches held in each process's memory (first pages of lists and searches, dictionaries, home banners, search
 * synonyms, the textbook catalogue) are told of a change in every process that serves the same database: the
 * process that made the change forgets at once, the others when PostgreSQL relays the topic to them
 * (LISTEN/NOTIFY, `plugins/cache-sync.ts`), a few milliseconds after the change has committed.
 *
 * Topics are declared by the module that owns the cache, at load; the relay only moves topic names.
 */

/** The PostgreSQL channel every process listens on. */
export const INVALIDATION_CHANNEL = 'zyk_cache_invalidation';

/** Tells this process's own messages apart from the others' (it forgot already when it sent them). */
const PROCESS_ID = randomUUID();

const forgetters = new Map<string, () => void>();
const publishers = new Set<(payload: string) => void>();

/**
 * Declares a cache topic and how this process forgets it. Returns what a change calls once it has committed:
 * it forgets here and tells the other processes.
 */
export const sharedInvalidation = (topic: string, forgetHere: () => void) => {
  if (forgetters.has(topic)) throw new Error(`cache topic ${topic} declared twice`);
  forgetters.set(topic, forgetHere);
  const payload = JSON.stringify({ from: PROCESS_ID, topic });
  return () => {
    forgetHere();
    for (const publish of publishers) publish(payload);
  };
};

/** The relay's side (plugins/cache-sync.ts). */
export const invalidationRelay = {
  /** Sends every later change's topic through `publish`; returns the function that stops it. */
  publishWith: (publish: (payload: string) => void) => {
    publishers.add(publish);
    return () => publishers.delete(publish);
  },
  /** A notification from the channel: forgets its topic unless this process sent it. Unknown payloads are ignored. */
  received: (payload: string | undefined) => {
    let message: { from?: unknown; topic?: unknown };
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (message.from === PROCESS_ID || typeof message.topic !== 'string') return;
    forgetters.get(message.topic)?.();
  },
  /** After the relay lost its connection: whatever was announced meanwhile is unknown, so everything goes. */
  forgetAll: () => {
    for (const forget of forgetters.values()) forget();
  },
  topics: () => [...forgetters.keys()],
};

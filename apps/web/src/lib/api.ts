import { createApiClient, type Envelope, pathOf, routes } from '@zyk/shared';

/** The one typed client of the web: same origin, credentials included, 10 s timeout. */
export const api = createApiClient();

/** A stored file's thumbnail (the api answers a placeholder picture while there is none). */
export const thumbnailUrl = (fileId: string) => pathOf(routes.fileThumbnail, { id: fileId });

/**
 * "Handling of answers": a non-zero code is silently ignored. Callers get the data of a successful
 * answer, or the fallback they name; request errors (network, timeout) still reject and reach the caller.
 */
export const dataOr = <T>(envelope: Envelope<T>, fallback: T): T => (envelope.code === 0 ? envelope.data : fallback);

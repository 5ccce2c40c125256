import type { FastifyRequest } from 'fastify';

/**
 * `target` as a URL when it is on this site (the origin the request came to, or PUBLIC_BASE_URL's), else null. The
 * payment and WeChat sandboxes send their codes only there, as the real providers send them only to the address
 * registered for the app; anything else would make a sandbox an open redirect on the product's own origin.
 */
export const ownSiteUrl = (request: FastifyRequest, publicBaseUrl: string, target: string | undefined) => {
  const own = new Set<string>();
  for (const base of [`${request.protocol}://${request.host}`, publicBaseUrl]) {
    try {
      if (base) own.add(new URL(base).origin);
    } catch {
      // an unusable Host header or setting allows nothing
    }
  }
  const [self] = own;
  if (!target || !self) return null;
  try {
    const url = new URL(target, self);
    return (url.protocol === 'http:' || url.protocol === 'https:') && own.has(url.origin) ? url : null;
  } catch {
    return null;
  }
};

import { randomBytes } from 'node:crypto';

/** A random id (stored files, uploads, derivatives): 26 lower-case base32 characters, 130 bits. */
export const newId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(26);
  let out = '';
  for (const b of bytes) out += alphabet[b & 31];
  return out;
};

/** Object key of a stored file: sharded by its first two characters so no folder grows huge. */
export const fileObjectKey = (id = newId()) => `f/${id.slice(0, 2)}/${id}`;
export const derivativeObjectKey = (fileId: string, name: string) => `d/${fileId.slice(0, 2)}/${fileId}/${name}`;

import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 20-30 ms per hash on this class of machine,
 * which bounds a login burst while staying cheap for real users. Parameters live in the hash, so they can rise later.
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (plain: string) => hash(plain, ARGON2_OPTIONS);

export const verifyPassword = async (hashed: string, plain: string) => {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
};

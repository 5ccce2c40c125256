import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * The spec's client-side password encryption: crypto-js AES with a shared passphrase. It only keeps
 * the password out of casual logs and proxies; the channel's real protection is HTTPS, and the server stores argon2id.
 */
export const encryptPassword = (plain: string, key: string) => AES.encrypt(plain, key).toString();

/** The plain password, or null when the text was not encrypted with this key. */
export const decryptPassword = (cipher: string, key: string): string | null => {
  try {
    const plain = AES.decrypt(cipher, key).toString(Utf8);
    return plain.length > 0 ? plain : null;
  } catch {
    return null;
  }
};

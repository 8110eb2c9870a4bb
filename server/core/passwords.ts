import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters; kept in the stored string so they can be raised later */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** "scrypt$N$r$p$saltBase64$hashBase64" with a fresh per-user salt */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/** Compares in constant time. A null stored value still costs one derivation, so unknown users take as long. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await derive(password, Buffer.alloc(16), N, R, P);
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Rule shown by the user forms: at least 8 characters with a letter, a digit and a special character. */
export const PASSWORD_RULE_MESSAGE = '密码由8位数字、大小写字母和特殊符号组成!';

export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password);
}

/** A random password that satisfies isStrongPassword (printed once for generated accounts). */
export function generatePassword(length = 14): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const specials = '!@#%^*-_=+';
  const all = letters + digits + specials;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(letters), pick(digits), pick(specials)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The per-user salt column a new password gets (kept for the JeecgBoot contract; the hash carries its own salt). */
export function newSalt(): string {
  return randomBytes(6).toString('base64url').slice(0, 8);
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The AES-256 key of data-source passwords, derived from DATA_SOURCE_KEY or the server's token secret. */
export function dataSourceKey(secret: string): Buffer {
  return createHash('sha256').update(`sys_data_source|${secret}`).digest();
}

/** v1:<iv>:<tag>:<ciphertext>, base64url parts (AES-256-GCM). */
export function encryptPassword(key: Buffer, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

export function decryptPassword(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('密码格式不正确');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

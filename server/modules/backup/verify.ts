import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { migrationNames } from '../../db/migrate';
import { BackupFileError, MANIFEST_NAME, parseManifest, type Manifest } from './manifest';
import { readTar, TarFormatError, type TarMember } from './tar';

function damaged(file: string, why: string): BackupFileError {
  return new BackupFileError(`${file} is damaged or not a backup: ${why}`);
}

/** The members of a backup file in order, each checked against `expected` (name → SHA-256) when given. */
export async function* backupMembers(file: string, expected?: Map<string, string>): AsyncGenerator<TarMember> {
  const gunzip = createReadStream(file).pipe(createGunzip());
  try {
    for await (const member of readTar(gunzip)) {
      if (expected && member.name !== MANIFEST_NAME) {
        const sha = createHash('sha256').update(member.body).digest('hex');
        if (expected.get(member.name) !== sha) throw damaged(file, `${member.name} changed since it was checked`);
      }
      yield member;
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    if (err instanceof TarFormatError) throw damaged(file, err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new BackupFileError(`cannot read ${file}: ${code}`);
    if (typeof code === 'string' && code.startsWith('Z_')) throw damaged(file, `the compressed data is broken (${(err as Error).message})`);
    throw err;
  } finally {
    gunzip.destroy();
  }
}

/**
 * Reads the whole file once before anything is restored: every member must be listed in the manifest with the
 * same size and SHA-256, nothing may be missing or extra, and the manifest must come from this application.
 * Answers the manifest and the checksums the restore checks again as it reads.
 */
export async function verifyBackup(file: string): Promise<{ manifest: Manifest; checksums: Map<string, string> }> {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new BackupFileError(`${file} is not a file`);
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifest: Manifest | null = null;
  for await (const member of backupMembers(file)) {
    if (seen.has(member.name) || (manifest && member.name === MANIFEST_NAME)) throw damaged(file, `${member.name} appears twice`);
    if (member.name === MANIFEST_NAME) {
      manifest = parseManifest(member.body);
      continue;
    }
    seen.set(member.name, { bytes: member.body.length, sha256: createHash('sha256').update(member.body).digest('hex') });
  }
  if (!manifest) throw damaged(file, 'it has no manifest');
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  for (const [name, got] of seen) {
    const want = listed.get(name);
    if (!want) throw damaged(file, `${name} is not in the manifest`);
    if (want.bytes !== got.bytes || want.sha256 !== got.sha256) throw damaged(file, `${name} does not match its checksum`);
  }
  for (const name of listed.keys()) if (!seen.has(name)) throw damaged(file, `${name} is missing`);
  const known = new Set(migrationNames());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `the backup was made by a newer version of the application (${manifest.appVersion || 'unknown'}; migrations ${unknown.join(', ')} are unknown here); restore it with that version`,
    );
  }
  return { manifest, checksums: new Map(manifest.members.map((m) => [m.name, m.sha256])) };
}

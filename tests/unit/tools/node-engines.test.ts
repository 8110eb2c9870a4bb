import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../../tools/build/node-version.mjs';

const root = join(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('the Node version package.json declares', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';

  it('runs every installed package, so npm install prints no EBADENGINE warning', () => {
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({ path, range: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ range }) => range !== undefined && !semver.satisfies(oldest, range))
      .map(({ path, range }) => `${path} needs node ${range}`);
    expect(refusing).toEqual([]);
  });

  it('is the one npm start checks, with a readable refusal below it', () => {
    expect(nodeVersionProblem(manifest.engines.node, process.versions.node)).toBeUndefined();
    expect(nodeVersionProblem(manifest.engines.node, oldest)).toBeUndefined();
    const [major, minor] = oldest.split('.').map(Number);
    const older = minor > 0 ? `${major}.${minor - 1}.0` : `${major - 1}.99.0`;
    expect(nodeVersionProblem(manifest.engines.node, older)).toBe(
      `Node ${older} is too old: this product needs Node ${manifest.engines.node} (package.json "engines").`,
    );
  });
});

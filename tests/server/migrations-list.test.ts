import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../server/db/migrate';

describe('migration list', () => {
  it('names every migration file of server/db/migrations, so none is skipped when the server runs from its bundle', () => {
    const files = readdirSync('server/db/migrations')
      .filter((f) => /^\d{3}_[a-z0-9_]+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(migrationNames()).toEqual(files);
  });
});

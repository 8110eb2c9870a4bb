/** contract/pages/derive.ts names an entity by its table or by its file's name, without node:path. */
import { describe, expect, it } from 'vitest';
import { findEntity } from '@contract/pages/derive';

const entities = [
  { table: 'sys_position', file: '/srv/app/schemas/entities/sys_position.json' },
  { table: 'book', file: 'C:\\data\\entities\\test_book.json' },
  { table: 'plain', file: 'relative/plain_file' },
];

describe('findEntity', () => {
  it('finds an entity by its table first', () => {
    expect(findEntity(entities, 'sys_position')).toBe(entities[0]);
    expect(findEntity(entities, 'book')).toBe(entities[1]);
  });

  it('finds an entity by the name of its file, with either separator and without .json', () => {
    expect(findEntity(entities, 'test_book')).toBe(entities[1]);
    expect(findEntity(entities, 'plain_file')).toBe(entities[2]);
    expect(findEntity(entities, 'entities')).toBeUndefined();
    expect(findEntity(entities, 'test_book.json')).toBeUndefined();
  });
});

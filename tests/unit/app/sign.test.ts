import { describe, expect, it } from 'vitest';
import { md5Hex } from '@src/api/md5';
import { computeSign } from '@src/api/sign';

describe('X-Sign', () => {
  it('md5 matches known digests', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('The quick brown fox jumps over the lazy dog')).toBe('9e107d9d372bb6826bd81d3542a419d6');
    expect(md5Hex('中文')).toBe('a7bac2239fcdcb3a067903d8077c4a07');
  });

  it('signs the key-sorted merge of query and params without _t, numbers as strings', () => {
    const expected = md5Hex(JSON.stringify({ a: '1', b: 'x', 'x-path-variable': 'sys_user,realname,id' }) + 'k').toUpperCase();
    expect(computeSign('/sys/dict/getDictItems/sys_user,realname,id?b=x', { a: 1, _t: 5 }, 'k')).toBe(expected);
  });
});

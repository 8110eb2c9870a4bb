import { describe, expect, it } from 'vitest';
import {
  applyInputRule,
  changeRule,
  fromSuperQueryParams,
  hasEmptyCondition,
  isEmptyCondition,
  stripInputRule,
  toSuperQueryParams,
  RULES,
  MATCH_TYPES,
} from '@renderer/superQuery/model';
import { isValidSorter } from '@renderer/list/params';
import { upsertSavedQuery, removeSavedQuery } from '@renderer/superQuery/saved';

describe('advanced query model', () => {
  it('has the spec match types and rules', () => {
    expect(MATCH_TYPES).toEqual(['and', 'or']);
    expect(RULES.map((r) => r.value)).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']);
  });

  it('serialises as encodeURI(JSON) with the match type and reads it back', () => {
    const tree = {
      matchType: 'or' as const,
      conditions: [
        { field: 'name', rule: 'like' as const, val: '经理', type: 'string' },
        { field: 'postRank', rule: 'in' as const, val: ['1', '2'], dictCode: 'position_rank' },
        { field: 'createTime', rule: 'ge' as const, val: '2024-01-01 00:00:00', type: 'datetime' },
      ],
    };
    const params = toSuperQueryParams(tree);
    expect(params.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURI(params.superQueryParams))).toEqual([
      { field: 'name', rule: 'like', val: '经理', type: 'string' },
      { field: 'postRank', rule: 'in', val: '1,2' },
      { field: 'createTime', rule: 'ge', val: '2024-01-01 00:00:00', type: 'datetime' },
    ]);
    expect(params.superQueryParams).toBe(encodeURI(decodeURI(params.superQueryParams)));
    const back = fromSuperQueryParams(params.superQueryParams, 'OR');
    expect(back.matchType).toBe('or');
    expect(back.conditions[1]).toEqual({ field: 'postRank', rule: 'in', val: ['1', '2'] });
  });

  it('treats a condition without field, rule or value as empty', () => {
    expect(isEmptyCondition({ field: 'a', rule: 'eq' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ rule: 'eq', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: 0 })).toBe(false);
    expect(hasEmptyCondition({ matchType: 'and', conditions: [] })).toBe(true);
  });

  it('keeps only the first value when leaving the in rule', () => {
    expect(changeRule({ field: 'a', rule: 'in', val: ['1', '2'] }, 'eq').val).toBe('1');
    expect(changeRule({ field: 'a', rule: 'in', val: '1,2' }, 'ne').val).toBe('1');
    expect(changeRule({ field: 'a', rule: 'eq', val: '1' }, 'in').val).toEqual(['1']);
  });

  it('applies the search-input prefixes', () => {
    expect(applyInputRule('like', 'ab')).toBe('*ab*');
    expect(applyInputRule('ne', 'ab')).toBe('!ab');
    expect(applyInputRule('ge', '5')).toBe('>=5');
    expect(applyInputRule('le', '5')).toBe('<=5');
    expect(applyInputRule('eq', 'ab')).toBe('ab');
    expect(stripInputRule('like', '*ab*')).toBe('ab');
    expect(stripInputRule('ge', '>=5')).toBe('5');
  });

  it('checks sorter strings look like column=asc|desc', () => {
    expect(isValidSorter('createTime=desc')).toBe(true);
    expect(isValidSorter('name=asc')).toBe(true);
    expect(isValidSorter('name=up')).toBe(false);
    expect(isValidSorter('name')).toBe(false);
    expect(isValidSorter('=asc')).toBe(false);
  });

  it('overwrites saved queries by title and removes them', () => {
    const a = { title: 'A', matchType: 'and' as const, records: [] };
    const list = upsertSavedQuery(upsertSavedQuery([], a), { ...a, matchType: 'or' });
    expect(list).toEqual([{ title: 'A', matchType: 'or', records: [] }]);
    expect(removeSavedQuery(list, 'A')).toEqual([]);
  });
});

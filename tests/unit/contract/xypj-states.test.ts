/** The state texts of contract/xypj-states.ts and the dictionaries lists and exports show them with. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATE_TEXT, BATCH_STATE_TEXT, SHEET_STATE_TEXT } from '@contract/xypj-states';

const dictItems = (code: string): Record<string, string> => {
  const dict = JSON.parse(readFileSync(`schemas/dicts/${code}.json`, 'utf8')) as { items: Array<{ value: string; text: string }> };
  return Object.fromEntries(dict.items.map((i) => [i.value, i.text]));
};

describe('credit evaluation states', () => {
  it('have the texts of their dictionaries, in the same order', () => {
    expect(Object.entries(dictItems('xypj_batch_state'))).toEqual(Object.entries(BATCH_STATE_TEXT));
    expect(Object.entries(dictItems('xypj_application_state'))).toEqual(Object.entries(APPLICATION_STATE_TEXT));
    expect(Object.entries(dictItems('xypj_sheet_state'))).toEqual(Object.entries(SHEET_STATE_TEXT));
  });
});

import { describe, expect, it } from 'vitest';
import { registeredFieldTypes, registeredViews } from '@renderer/index';
import { registerAppFieldTypes } from '@src/registerFieldTypes';
import { FIELD_TYPES, VIEW_NAMES } from '../../../tools/registered-names';

describe('the names validate-schemas accepts', () => {
  it('are exactly the field types and views the app registers at run time', () => {
    registerAppFieldTypes();
    expect([...FIELD_TYPES].sort()).toEqual(registeredFieldTypes().sort());
    expect([...VIEW_NAMES].sort()).toEqual(registeredViews().sort());
  });
});

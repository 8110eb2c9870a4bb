import { registerValidateFormats, registerValidateLocale, registerValidateRules, setValidateLanguage } from '@formily/core';
import type { DataProvider, DuplicateCheckOptions } from '../data/provider';
import { checkChecked, checkPreset, checkLength, checkMobile, checkStrongPassword, checkUserName, PRESET_PATTERNS } from './presets';
import { checkRemote, type FormValues, type RemoteCheckOptions } from './remote';
import { checkCreditCode, checkIdCard } from './id-numbers';

export * from './presets';
export * from './id-numbers';
export { checkRemote, remoteCheckParams, type RemoteCheckOptions } from './remote';

interface RangeRule {
  min?: number;
  max?: number;
}

/**
 * Formily's `pattern` rule (x-validator `{ pattern }` and a schema's `pattern`), run by the linear-time
 * engine, loaded with the first pattern checked. A RegExp can only come from the product's own code.
 */
function checkPattern(value: unknown, pattern: unknown, message: string): string | Promise<string> {
  if (value === undefined || value === null || value === '') return '';
  if (pattern instanceof RegExp) return pattern.test(String(value)) ? '' : message;
  return import('./user-pattern').then((m) => m.checkUserPattern(String(pattern), String(value), message));
}
interface FieldLike {
  form?: FormValues;
}

let registeredFor: DataProvider | undefined;

/**
 * Registers the form validation presets with Formily, the server checks going through `data`
 * (called once at start-up by configureRenderer). Schema usage:
 * `"x-validator": "mobile"` (format) or `[{ "userName": true }, { "lengthRange": { "min": 2 } },
 * { "duplicateCheck": { "tableName": "sys_position", "fieldName": "code" } }, { "checkRule": "common" },
 * { "remoteCheck": { "url": "<check address>", "param": "roleCode", "idParam": "id" } }]`.
 */
export function registerPresetValidators(data: DataProvider): void {
  if (registeredFor === data) return;
  registeredFor = data;
  setValidateLanguage('zh-CN');
  const formats: Record<string, RegExp> = {};
  const messages: Record<string, string> = {};
  for (const [name, preset] of Object.entries(PRESET_PATTERNS)) {
    formats[name] = preset.regexp;
    messages[name] = preset.message;
  }
  registerValidateFormats(formats);
  registerValidateLocale({ 'zh-CN': messages, en: messages });

  const rules: Record<string, (value: unknown, rule: Record<string, unknown>, ctx: { field?: FieldLike }) => string | Promise<string>> = {};
  for (const name of Object.keys(PRESET_PATTERNS)) rules[name] = (value) => checkPreset(name, value);
  rules.mobile = (value) => checkMobile(value);
  rules.userName = (value) => checkUserName(value);
  rules.lengthRange = (value, rule) => {
    const range = (rule.lengthRange ?? {}) as RangeRule;
    return checkLength(value, range.min, range.max);
  };
  rules.checked = (value, rule) => {
    const range = (rule.checked ?? {}) as RangeRule;
    return checkChecked(value, range.min, range.max);
  };
  rules.duplicateCheck = (value, rule, ctx) => {
    const options = rule.duplicateCheck as DuplicateCheckOptions;
    const dataId = options.dataId ?? (ctx.field?.form?.values?.id as string | undefined);
    return data.duplicateCheck(value, { ...options, dataId });
  };
  rules.remoteCheck = (value, rule, ctx) => checkRemote(data, value, rule.remoteCheck as RemoteCheckOptions, ctx.field?.form, ctx.field);
  rules.creditCode = (value) => checkCreditCode(value);
  rules.idCard = (value) => checkIdCard(value);
  rules.checkRule = (value, rule) => data.checkRule(value, rule.checkRule as string);
  rules.strongPassword = (value, rule) => checkStrongPassword(value, rule.message ? String(rule.message) : undefined);
  rules.pattern = (value, rule) => checkPattern(value, rule.pattern, String(rule.message ?? ''));
  registerValidateRules(rules as Parameters<typeof registerValidateRules>[0]);
}

import { registerValidateFormats, registerValidateLocale, registerValidateRules, setValidateLanguage } from '@formily/core';
import type { RendererHttp } from '../context';
import { checkChecked, checkPreset, checkLength, checkMobile, checkUserName, PRESET_PATTERNS } from './presets';
import { checkDuplicate, checkRuleCode, type DuplicateCheckOptions } from './async';
import { checkRemote, type FormValues, type RemoteCheckOptions } from './remote';

export * from './presets';
export { checkDuplicate, checkRuleCode } from './async';
export { checkRemote, remoteCheckParams, type RemoteCheckOptions } from './remote';

let validatorHttp: RendererHttp | undefined;

/** The async validators reach the server through the app's HTTP client (set by SchemaForm). */
export function setValidatorHttp(http: RendererHttp): void {
  validatorHttp = http;
}

interface RangeRule { min?: number; max?: number }
interface FieldLike { form?: FormValues }

let registered = false;

/**
 * Registers the form validation presets with Formily. Schema usage:
 * `"x-validator": "mobile"` (format) or `[{ "userName": true }, { "lengthRange": { "min": 2 } },
 * { "duplicateCheck": { "tableName": "sys_position", "fieldName": "code" } }, { "checkRule": "common" },
 * { "remoteCheck": { "url": "/sys/role/checkRoleCode", "param": "roleCode", "idParam": "id" } }]`.
 */
export function registerPresetValidators(): void {
  if (registered) return;
  registered = true;
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
    if (!validatorHttp) return '';
    const options = rule.duplicateCheck as DuplicateCheckOptions;
    const dataId = options.dataId ?? (ctx.field?.form?.values?.id as string | undefined);
    return checkDuplicate(validatorHttp, value, { ...options, dataId });
  };
  rules.remoteCheck = (value, rule, ctx) => {
    if (!validatorHttp) return '';
    return checkRemote(validatorHttp, value, rule.remoteCheck as RemoteCheckOptions, ctx.field?.form, ctx.field);
  };
  rules.checkRule = (value, rule) => (validatorHttp ? checkRuleCode(validatorHttp, value, rule.checkRule as string) : '');
  registerValidateRules(rules as Parameters<typeof registerValidateRules>[0]);
}

import { checkCreditCode, checkIdCard } from '@renderer/validators/id-numbers';
import type { ValidateContext, ValidationHandler } from '../types';

/**
 * Named validation handlers, so a JSON schema can say `{"handler": "noSpaces"}` where code would pass a function.
 * Register app-specific ones with `registerValidationHandler` before the grid validates.
 */
const handlers = new Map<string, ValidationHandler>();

export function registerValidationHandler(name: string, handler: ValidationHandler): void {
  handlers.set(name, handler);
}

export function getValidationHandler(name: string): ValidationHandler | undefined {
  return handlers.get(name);
}

/** Built-ins: messages support ${title}. */
registerValidationHandler('noSpaces', ({ value }: ValidateContext) => value == null || !/\s/.test(String(value)) || '${title}不能包含空格');
registerValidationHandler(
  'notAdmin',
  ({ value }: ValidateContext) => String(value ?? '').toLowerCase() !== 'admin' || '${title}不能是admin',
);
registerValidationHandler('creditCode', ({ value }: ValidateContext) => checkCreditCode(value) || true);
registerValidationHandler('idCard', ({ value }: ValidateContext) => checkIdCard(value) || true);

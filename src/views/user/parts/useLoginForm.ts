import { useCallback, useState } from 'react';

export interface LoginRule {
  required?: boolean;
  pattern?: RegExp;
  message: string;
}

/**
 * The login page's fields without a form library (the page is the first thing every user downloads): values,
 * one error text per field, and `validate(names)` that shows every failed field's message and returns the values
 * only when all the named fields pass.
 */
export function useLoginForm<V extends Record<string, string | boolean>>(initial: V, rules: Partial<Record<keyof V, LoginRule[]>>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const check = useCallback(
    (name: keyof V, value: V[keyof V]): string | undefined => {
      const text = typeof value === 'string' ? value.trim() : value;
      for (const rule of rules[name] ?? []) {
        if (rule.required && !text) return rule.message;
        if (rule.pattern && typeof text === 'string' && text && !rule.pattern.test(text)) return rule.message;
      }
      return undefined;
    },
    [rules],
  );

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: check(name, value) }));
    },
    [check],
  );

  const validate = useCallback(
    (names: Array<keyof V>): V | undefined => {
      const found: Partial<Record<keyof V, string>> = {};
      for (const name of names) found[name] = check(name, values[name]);
      setErrors((current) => ({ ...current, ...found }));
      return names.every((name) => found[name] === undefined) ? values : undefined;
    },
    [check, values],
  );

  return { values, errors, setValue, validate };
}

import type { QueryParams } from '../context';
import { errorText } from '../data/errors';
import type { RemoteCheck } from '@contract/schema-types.gen';
import { blank, type DataProvider } from '../data/provider';

/** `x-validator: [{ "remoteCheck": { … } }]`: an as-you-type uniqueness check (fields documented in the meta-schema). */
export type RemoteCheckOptions = RemoteCheck;

export interface FormValues {
  values?: Record<string, unknown>;
  getValuesIn?(path: string): unknown;
}

export const REMOTE_CHECK_FAILED = '该值不可用，系统中已存在！';
export const REMOTE_CHECK_DEBOUNCE = 300;

function formValue(form: FormValues | undefined, path: string): unknown {
  return form?.getValuesIn ? form.getValuesIn(path) : form?.values?.[path];
}

/** The query of one check: value, record id (when editing), other form values, fixed parameters. */
export function remoteCheckParams(value: unknown, options: RemoteCheckOptions, form: FormValues | undefined): QueryParams {
  const params: QueryParams = { ...options.params };
  for (const [name, path] of Object.entries(options.values ?? {})) {
    const other = formValue(form, path);
    if (!blank(other)) params[name] = other;
  }
  const id = formValue(form, options.idField ?? 'id');
  if (options.idParam && !blank(id)) params[options.idParam] = id;
  params[options.param] = typeof value === 'string' ? value.trim() : value;
  return params;
}

const waiting = new WeakMap<object, () => void>();

/** Resolves true after `ms` of quiet for this key, false when a newer check for the same key replaced it. */
function quiet(key: object, ms: number): Promise<boolean> {
  waiting.get(key)?.();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(key);
      resolve(true);
    }, ms);
    waiting.set(key, () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/**
 * '' when the value is free, empty, or the check was superseded by a newer keystroke (that newer
 * check reports); else the configured message, the server's, or the request error.
 */
export async function checkRemote(
  data: DataProvider,
  value: unknown,
  options: RemoteCheckOptions,
  form?: FormValues,
  key?: object,
): Promise<string> {
  if (blank(value) || (typeof value === 'string' && !value.trim())) return '';
  const ms = options.debounce ?? REMOTE_CHECK_DEBOUNCE;
  if (key && ms > 0 && !(await quiet(key, ms))) return '';
  try {
    const refused = await data.check(options.url, remoteCheckParams(value, options, form));
    return refused === undefined ? '' : options.message || refused || REMOTE_CHECK_FAILED;
  } catch (error) {
    return errorText(error);
  }
}

/**
 * Masking of request parameters before they are written to sys_log: values under a secret-looking
 * key (password, token, secret, captcha, SMS code, …) become "******", at any depth; long texts
 * are cut. The log never holds a credential, whatever the caller passes.
 */
const SECRET_KEY =
  /pass(word)?|pwd|token|secret|captcha|smscode|sms_code|checkkey|credential|authorization|signature|^sign$|^code$|apikey|api_key|private/i;
export const MASK = '******';

/** True for a parameter name whose value must never be shown or stored (password, token, captcha …). */
export function isSecretKey(name: string): boolean {
  return SECRET_KEY.test(name);
}
const MAX_DEPTH = 6;
const MAX_TEXT = 500;
const MAX_PARAM_CHARS = 4000;

function maskValue(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) && v !== null && v !== '' ? MASK : maskValue(v, depth + 1);
  }
  return out;
}

/** The masked JSON text of request parameters (query and body), or null when there are none. */
export function maskedParams(...parts: unknown[]): string | null {
  const merged: Record<string, unknown> = {};
  let any = false;
  for (const part of parts) {
    if (part === null || part === undefined) continue;
    if (typeof part === 'object' && !Array.isArray(part) && !Buffer.isBuffer(part)) {
      for (const [k, v] of Object.entries(part as Record<string, unknown>)) {
        merged[k] = v;
        any = true;
      }
    } else if (!Buffer.isBuffer(part)) {
      merged.body = part;
      any = true;
    }
  }
  if (!any) return null;
  const text = JSON.stringify(maskValue(merged, 0));
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text;
}

/** A URL without its query string's secret values (token=… becomes token=******). */
export function maskedUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return path ?? url;
  const parts = query.split('&').map((pair) => {
    const [k] = pair.split('=', 1);
    return k && SECRET_KEY.test(decodeURIComponent(k)) ? `${k}=${MASK}` : pair;
  });
  return `${path}?${parts.join('&')}`;
}

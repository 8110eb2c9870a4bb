import { errorText } from './errors';
import type { Notifier } from './notify';
import { RequestError } from './provider';

/**
 * A failure of the HTTP client itself (network, 401/403/404/500): the app's client shows those when
 * they happen, so the renderer does not show them again.
 */
export function isTransportError(error: unknown): boolean {
  return !!error && typeof error === 'object' && ('isAxiosError' in error || 'response' in error);
}

/**
 * The one place the renderer and the widgets show a failed request: a refusal shows the server's
 * sentence as a warning, any other error its text; transport failures were shown by the HTTP client.
 */
export function showRequestError(notify: Pick<Notifier, 'warning'>, error: unknown): void {
  if (error instanceof RequestError) notify.warning(error.message);
  else if (!isTransportError(error)) notify.warning(errorText(error));
}

/** Runs `work`; on failure shows the error in the one place and resolves undefined. */
export async function attempt<T>(notify: Pick<Notifier, 'warning'>, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    showRequestError(notify, error);
    return undefined;
  }
}

/** `work`'s result, or `fallback` when the server refuses (other failures still reject). */
export async function unlessRefused<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RequestError) return fallback;
    throw error;
  }
}

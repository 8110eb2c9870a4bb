import type { ApiResult } from '@renderer/context';
import { RequestError } from '@renderer/data/provider';
import { showRequestError as showThrough } from '@renderer/data/requestError';
import { feedback } from '../feedback';
import { http, type Params } from './http';

/** A request the server accepted: its result and its message (`添加成功！`). */
export interface Done<T> {
  result: T;
  message: string;
}

/** The envelope resolved once: accepted → its result and message; refused (`success: false`) → a RequestError. */
export function doneOf<T>(res: ApiResult<T>): Done<T> {
  if (!res.success) throw new RequestError(res.message || '操作失败', res.code);
  return { result: res.result, message: res.message };
}

/**
 * The app's requests. Each resolves with what the server accepted or rejects with one error:
 * a RequestError carrying the server's message, or the transport error the HTTP layer has already shown.
 */
export const request = {
  get: async <T>(url: string, params?: Params): Promise<T> => doneOf(await http.getAction<T>(url, params)).result,
  post: async <T>(url: string, body?: unknown): Promise<Done<T>> => doneOf(await http.postAction<T>(url, body)),
  put: async <T>(url: string, body?: unknown): Promise<Done<T>> => doneOf(await http.putAction<T>(url, body)),
  delete: async <T>(url: string, params?: Params): Promise<Done<T>> => doneOf(await http.deleteAction<T>(url, params)),
  upload: async <T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<Done<T>> =>
    doneOf(await http.uploadAction<T>(url, form, onProgress)),
};

/**
 * The one place a failed request is shown. A refused request shows the server's sentence as a warning;
 * transport failures (network, 401/403/404/500) were shown by the HTTP layer when they happened.
 */
export function showRequestError(error: unknown): void {
  showThrough(feedback().message, error);
}

/** Runs `work`; on failure shows the error in the one place and resolves undefined. */
export async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    showRequestError(error);
    return undefined;
  }
}

/** What a page that shows a failure in place says: the server's sentence of a refusal, else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof RequestError ? error.message : fallback;
}

/** JeecgBoot's Result<T> envelope (docs/api.md). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** Result.OK(data) / Result.OK(msg, data): code 200. */
export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Result.OK("msg"): the message is copied into result, as the contract does. */
export function okMessage(message: string): Envelope<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

/** Older JeecgBoot handlers that never set a code answer code 0 (e.g. getUserPermissionByToken, randomImage). */
export function okCode0<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 0, result, timestamp: Date.now() };
}

export function failure(message: string, code = 500): Envelope<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/**
 * Throw from a handler to answer with an envelope. Business errors keep HTTP 200 with code 500
 * as JeecgBoot does; auth errors carry their HTTP status.
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly code: number;

  constructor(message: string, options: { httpStatus?: number; code?: number } = {}) {
    super(message);
    this.httpStatus = options.httpStatus ?? 200;
    this.code = options.code ?? 500;
  }
}

/** HTTP 200, {success:false, code:500, message} */
export const businessError = (message: string) => new ApiError(message);
/** HTTP 400 for input that fails validation */
export const badRequest = (message: string) => new ApiError(message, { httpStatus: 400, code: 400 });
/** HTTP 401 with the session message (Token失效，请重新登录! …) */
export const unauthorized = (message = 'Token失效，请重新登录!') => new ApiError(message, { httpStatus: 401, code: 401 });
/** HTTP 403 for a signed-in user without the permission code */
export const forbidden = (message = '没有权限，请联系管理员授权') => new ApiError(message, { httpStatus: 403, code: 403 });
export const tooManyRequests = (message = '请求过于频繁，请稍后再试') => new ApiError(message, { httpStatus: 429, code: 429 });

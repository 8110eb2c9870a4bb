/** Fallback text when a request fails without any message. */
export const REQUEST_FAILED = '请求失败';

function messageOf(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'message' in value) {
    const text = (value as { message?: unknown }).message;
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

/**
 * What to tell the user about a rejected request: the server's envelope message when the error
 * carries a response (axios shape), else the error's own message, else 请求失败.
 */
export function errorText(error: unknown): string {
  const response = error && typeof error === 'object' && 'response' in error ? (error as { response?: { data?: unknown } }).response : undefined;
  return messageOf(response?.data) ?? messageOf(error) ?? (typeof error === 'string' && error ? error : REQUEST_FAILED);
}

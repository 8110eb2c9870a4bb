/** Message of a failed call: the server envelope's message or the thrown error's. */
export function errorMessage(error: unknown, fallback = '未知错误'): string {
  if (error && typeof error === 'object') {
    const withResponse = error as { response?: { data?: { message?: unknown } }; message?: unknown };
    const serverMessage = withResponse.response?.data?.message;
    if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
    if (typeof withResponse.message === 'string' && withResponse.message) return withResponse.message;
  }
  return fallback;
}

import { SmsSendError } from './types';

const TIMEOUT_MS = 10_000;

/** One request to a provider, bounded in time; answers the parsed JSON body (a non-JSON answer is an error). */
export async function requestJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new SmsSendError(`短信服务连接失败：${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through: not JSON
  }
  throw new SmsSendError(`短信服务返回了无法识别的应答（HTTP ${response.status}）`);
}

/** A mainland mobile number as the providers take it: +86 prefix for Tencent, plain for Alibaba Cloud. */
export function e164(mobile: string): string {
  return mobile.startsWith('+') ? mobile : `+86${mobile}`;
}

import type { ApiResult } from '@renderer/context';
import { RequestError } from '@renderer/data/provider';
import { http } from '../../../api/http';
import { doneOf } from '../../../api/request';
export { refusalText as failureText } from '../../../api/request';
import type { LoginResult } from '../../../types';

export interface PublicBatch {
  id: string;
  name: string;
  year: number;
  state: string;
  stateText: string;
  publicityStart: string | null;
  publicityEnd: string | null;
  /** the day the results were published; null while in publicity */
  publishedDate: string | null;
}

export interface PublicResult {
  companyName: string;
  creditCode: string;
  grade: string | null;
  certNo: string | null;
  /** the certificate as the check page sees it: valid, revoked or expired; null before publication */
  certState: Exclude<CheckResult, 'notFound'> | null;
  certStateText: string | null;
}

export interface PublicResultPage {
  batch: PublicBatch;
  records: PublicResult[];
  total: number;
  current: number;
  size: number;
}

export type CheckResult = 'valid' | 'revoked' | 'expired' | 'notFound';

export interface CertificateCheck {
  result: CheckResult;
  resultText: string;
  certNo?: string;
  companyName?: string;
  creditCode?: string;
  grade?: string | null;
  issueDate?: string | null;
  validUntil?: string | null;
}

/**
 * GET without the app's error notices: the public pages show the server's message themselves (also for
 * 429, which the HTTP client rejects). Resolves the result or rejects with a RequestError carrying that message.
 */
async function quietGet<T>(url: string, params: Record<string, unknown>): Promise<T> {
  let res: ApiResult<T>;
  try {
    res = (await http.instance.get(url, { params, quiet: true })) as unknown as ApiResult<T>;
  } catch (error) {
    const data = (error as { response?: { data?: { message?: string } } }).response?.data;
    throw new RequestError(data?.message || '网络异常，请稍后再试');
  }
  return doneOf(res).result;
}

export const fetchPublicBatches = () => quietGet<PublicBatch[]>('/xypj/public/batches', {});
export const fetchPublicResults = (params: { batchId: string; keyword: string; pageNo: number; pageSize: number }) =>
  quietGet<PublicResultPage>('/xypj/public/resultList', params);
export const checkCertificate = (certNo: string, company: string) =>
  quietGet<CertificateCheck>('/xypj/public/checkCertificate', { certNo, company });
export const pushSignIn = (data: string, datakey: string) => quietGet<LoginResult>('/sys/outuserdlzc/getdwcode', { data, datakey });

export interface PublicNews {
  id: string;
  title: string;
  categoryText: string | null;
  summary: string | null;
  publishTime: string | null;
  content?: string;
}

export interface PublicFile {
  id: string;
  title: string;
  categoryText: string | null;
  description: string | null;
  publishTime: string | null;
  files: Array<{ name: string; url: string }>;
}

export const fetchPublicNews = () => quietGet<PublicNews[]>('/xypj/public/news', {});
export const fetchPublicNewsItem = (id: string) => quietGet<PublicNews>(`/xypj/public/news/${encodeURIComponent(id)}`, {});
export const fetchPublicFiles = () => quietGet<PublicFile[]>('/xypj/public/files', {});

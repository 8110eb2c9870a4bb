import type { ApiResult, QueryParams, RendererHttp } from '../context';
import { REQUEST_FAILED } from './errors';

/** One page of rows and the total the server counted. */
export interface Page<T> {
  records: T[];
  total: number;
}

type PageLike = { records?: unknown; total?: unknown } | null | undefined;

/**
 * The rows of a list reply: JeecgBoot answers either a bare array (tree and `listAll` endpoints)
 * or a page `{ records, total }`. Anything else is an empty page.
 */
export function pageOf<T = Record<string, unknown>>(result: unknown): Page<T> {
  if (Array.isArray(result)) return { records: result as T[], total: result.length };
  const page = (result && typeof result === 'object' ? result : undefined) as PageLike;
  const records = Array.isArray(page?.records) ? (page.records as T[]) : [];
  const total = Number(page?.total ?? records.length);
  return { records, total: Number.isFinite(total) ? total : records.length };
}

/** The rows of a list reply, without the total. */
export function listOf<T = Record<string, unknown>>(result: unknown): T[] {
  return pageOf<T>(result).records;
}

/** A reply with `success: false`, carrying the server's message. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The one error path: the reply's result, or a RequestError with the server message (else `fallback`). */
export function resultOf<T>(res: ApiResult<T>, fallback = REQUEST_FAILED): T {
  if (!res.success) throw new RequestError(res.message || fallback, res.code);
  return res.result;
}

export interface DictItem {
  value: string;
  text: string;
  disabled?: boolean;
}

interface RawDictItem {
  value?: unknown;
  text?: unknown;
  label?: unknown;
  title?: unknown;
  disabled?: unknown;
}

/** Dictionary items from a reply: value as text, text from text/label/title, disabled when true/1/'1'. */
export function normalizeDictItems(raw: unknown): DictItem[] {
  return listOf<RawDictItem>(raw).map((item) => ({
    value: item.value === undefined || item.value === null ? '' : String(item.value),
    text: String(item.text ?? item.label ?? item.title ?? item.value ?? ''),
    ...(item.disabled === true || item.disabled === 1 || item.disabled === '1' ? { disabled: true } : {}),
  }));
}

export interface DuplicateCheckOptions {
  tableName: string;
  fieldName: string;
  dataId?: string;
}

/** Server addresses of the services the renderer needs; the app supplies them (the renderer names none). */
export interface DataPaths {
  /** Address of one dictionary's items. */
  dictionary(code: string): string;
  /** Uniqueness check of a value in a table column. */
  duplicateCheck: string;
  /** Encoding-rule check of a value. */
  checkRule: string;
  /** File upload (multipart `file`). */
  upload: string;
  /** Browser address of a stored file path. */
  fileUrl(path: string): string;
}

/** Every server access of the renderer and the widgets, over the app's HTTP client. */
export interface DataProvider {
  http: RendererHttp;
  getList<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<Page<T>>;
  getTree<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<T[]>;
  getOne<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<T>;
  create<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>>;
  update<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>>;
  remove<T = unknown>(url: string, params: QueryParams): Promise<ApiResult<T>>;
  /** JeecgBoot's deleteBatch: `ids` joined by commas, with a trailing comma. */
  removeMany<T = unknown>(url: string, ids: readonly (string | number)[]): Promise<ApiResult<T>>;
  export(url: string, params?: QueryParams): Promise<{ blob: Blob; fileName?: string }>;
  import<T = unknown>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<ApiResult<T>>;
  upload<T = unknown>(form: FormData, onProgress?: (percent: number) => void): Promise<ApiResult<T>>;
  /** Browser address of a stored file path; absolute, data: and blob: addresses pass through, '' stays ''. */
  fileUrl(path: string): string;
  /** One dictionary's items straight from the server (no cache: see loadDictItems). */
  dictionary(code: string): Promise<DictItem[]>;
  /** '' when the value is free or empty, else the message to show. */
  duplicateCheck(value: unknown, options: DuplicateCheckOptions): Promise<string>;
  /** '' when the value matches the rule (or there is no rule or value), else the message to show. */
  checkRule(value: unknown, ruleCode: string | undefined): Promise<string>;
}

export const blank = (value: unknown): boolean => value === undefined || value === null || value === '';

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const DUPLICATE_MESSAGE = '该值不可用，系统中已存在！';

/** A data provider over `http`, reaching the server services at `paths`. */
export function createDataProvider(http: RendererHttp, paths: DataPaths): DataProvider {
  return {
    http,
    getList: async (url, params) => pageOf(resultOf(await http.get(url, params))),
    getTree: async (url, params) => listOf(resultOf(await http.get(url, params))),
    getOne: async (url, params) => resultOf(await http.get(url, params)),
    create: (url, body) => http.post(url, body),
    update: (url, body) => http.put(url, body),
    remove: (url, params) => http.delete(url, params),
    removeMany: (url, ids) => http.delete(url, { ids: `${ids.join(',')},` }),
    export: (url, params) => http.download(url, params),
    import: (url, form, onProgress) => http.upload(url, form, onProgress),
    upload: (form, onProgress) => http.upload(paths.upload, form, onProgress),
    fileUrl: (path) => (!path || /^((https?:)?\/\/|data:|blob:)/i.test(path) ? path : paths.fileUrl(path.replace(/^\//, ''))),
    dictionary: async (code) => normalizeDictItems(resultOf(await http.get(paths.dictionary(code)), '字典加载失败')),
    duplicateCheck: async (value, options) => {
      if (blank(value)) return '';
      try {
        const res = await http.get(paths.duplicateCheck, {
          tableName: options.tableName,
          fieldName: options.fieldName,
          fieldVal: value,
          dataId: options.dataId,
        });
        return res.success ? '' : res.message || DUPLICATE_MESSAGE;
      } catch (error) {
        return failureText(error);
      }
    },
    checkRule: async (value, ruleCode) => {
      if (blank(value) || !ruleCode) return '';
      try {
        const res = await http.get(paths.checkRule, { ruleCode, value: encodeURIComponent(String(value)) });
        return res.success ? '' : res.message;
      } catch (error) {
        return failureText(error);
      }
    },
  };
}

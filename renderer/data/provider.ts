import type { ApiResult, QueryParams, RendererHttp } from '../context';
import { blobFailure, DOWNLOAD_FAILED } from './download';
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

/** A request the server accepted: its result, its message (`添加成功！`) and code (import answers 201 with errors). */
export interface Done<T> {
  result: T;
  message: string;
  code: number;
}

/** The one place the envelope is read: accepted → Done; refused (`success: false`) → a RequestError with the server message. */
export function doneOf<T>(res: ApiResult<T>, fallback = REQUEST_FAILED): Done<T> {
  if (!res.success) throw new RequestError(res.message || fallback, res.code);
  return { result: res.result, message: res.message, code: res.code };
}

/** The reply's result, or a RequestError with the server message (else `fallback`). */
export function resultOf<T>(res: ApiResult<T>, fallback = REQUEST_FAILED): T {
  return doneOf(res, fallback).result;
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

/** A request whose method comes from a schema (request actions). */
export interface Call {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  params?: QueryParams;
  body?: unknown;
}

type Progress = (percent: number) => void;

/**
 * Every server access of the renderer and the widgets, over the app's HTTP client. Each call resolves
 * with what the server accepted or rejects with one error: a RequestError carrying the server's
 * sentence, or the HTTP client's own (transport) error, which the client has already shown.
 */
export interface DataProvider {
  getList<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<Page<T>>;
  getTree<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<T[]>;
  getOne<T = Record<string, unknown>>(url: string, params?: QueryParams): Promise<T>;
  create<T = unknown>(url: string, body: unknown): Promise<Done<T>>;
  update<T = unknown>(url: string, body: unknown): Promise<Done<T>>;
  remove<T = unknown>(url: string, params: QueryParams): Promise<Done<T>>;
  /** JeecgBoot's deleteBatch: `ids` joined by commas, with a trailing comma. */
  removeMany<T = unknown>(url: string, ids: readonly (string | number)[]): Promise<Done<T>>;
  /** A request action's call, any method. */
  send<T = unknown>(call: Call): Promise<Done<T>>;
  /** The file; an empty answer or a JSON failure envelope in its place rejects with a RequestError (文件下载失败 or its message). */
  export(url: string, params?: QueryParams): Promise<{ blob: Blob; fileName?: string }>;
  import<T = unknown>(url: string, form: FormData, onProgress?: Progress): Promise<Done<T>>;
  /** Upload to the server's file store (`paths.upload`), or to `url` when given. */
  upload<T = unknown>(form: FormData, onProgress?: Progress, url?: string): Promise<Done<T>>;
  /** Browser address of a stored file path; absolute, data: and blob: addresses pass through, '' stays ''. */
  fileUrl(path: string): string;
  /** One dictionary's items straight from the server (no cache: see loadDictItems). */
  dictionary(code: string): Promise<DictItem[]>;
  /** An as-you-type check: undefined when the server accepts, else its message ('' when it gives none); a failed request rejects. */
  check(url: string, params: QueryParams): Promise<string | undefined>;
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

function sendCall<T>(http: RendererHttp, call: Call): Promise<ApiResult<T>> {
  switch (call.method) {
    case 'get':
      return http.get<T>(call.url, call.params);
    case 'delete':
      return http.delete<T>(call.url, call.params);
    case 'put':
      return http.put<T>(call.url, call.body, call.params);
    default:
      return http.post<T>(call.url, call.body, call.params);
  }
}

async function exportFile(http: RendererHttp, url: string, params?: QueryParams): Promise<{ blob: Blob; fileName?: string }> {
  const file = await http.download(url, params);
  if (!file.blob || file.blob.size === 0) throw new RequestError(DOWNLOAD_FAILED);
  const failure = await blobFailure(file.blob);
  if (failure) throw new RequestError(failure);
  return file;
}

/** A data provider over `http`, reaching the server services at `paths`. */
export function createDataProvider(http: RendererHttp, paths: DataPaths): DataProvider {
  // A check's refusal is its answer, not an error: the one place besides doneOf that reads `success`.
  const check = async (url: string, params: QueryParams): Promise<string | undefined> => {
    const res = await http.get(url, params);
    return res.success ? undefined : res.message || '';
  };
  return {
    getList: async (url, params) => pageOf(resultOf(await http.get(url, params))),
    getTree: async (url, params) => listOf(resultOf(await http.get(url, params))),
    getOne: async (url, params) => resultOf(await http.get(url, params)),
    create: async (url, body) => doneOf(await http.post(url, body)),
    update: async (url, body) => doneOf(await http.put(url, body)),
    remove: async (url, params) => doneOf(await http.delete(url, params)),
    removeMany: async (url, ids) => doneOf(await http.delete(url, { ids: `${ids.join(',')},` })),
    send: async (call) => doneOf(await sendCall(http, call)),
    export: (url, params) => exportFile(http, url, params),
    import: async (url, form, onProgress) => doneOf(await http.upload(url, form, onProgress)),
    upload: async (form, onProgress, url) => doneOf(await http.upload(url ?? paths.upload, form, onProgress)),
    fileUrl: (path) => (!path || /^((https?:)?\/\/|data:|blob:)/i.test(path) ? path : paths.fileUrl(path.replace(/^\//, ''))),
    dictionary: async (code) => normalizeDictItems(resultOf(await http.get(paths.dictionary(code)), '字典加载失败')),
    check,
    duplicateCheck: async (value, options) => {
      if (blank(value)) return '';
      const { tableName, fieldName, dataId } = options;
      try {
        const refused = await check(paths.duplicateCheck, { tableName, fieldName, fieldVal: value, dataId });
        return refused === undefined ? '' : refused || DUPLICATE_MESSAGE;
      } catch (error) {
        return failureText(error);
      }
    },
    checkRule: async (value, ruleCode) => {
      if (blank(value) || !ruleCode) return '';
      try {
        return (await check(paths.checkRule, { ruleCode, value: encodeURIComponent(String(value)) })) ?? '';
      } catch (error) {
        return failureText(error);
      }
    },
  };
}

import { businessError } from '../../core/envelope';

/**
 * The report SQL guard: an administrator's report SQL is parsed by PostgreSQL's own parser (libpg-query)
 * and accepted only when it is exactly one SELECT that reads public tables through allowlisted functions.
 * Placeholders (`${param}`, `#{sysVar}`) are turned into bind markers before parsing and bound at run time,
 * never spliced into the text.
 */

/** `'${p}'` and `${p}` (report parameters), `'#{v}'` and `#{v}` (system variables). */
const PLACEHOLDER = /'\$\{(\w{1,32})\}'|\$\{(\w{1,32})\}|'#\{(\w{1,32})\}'|#\{(\w{1,32})\}/g;

export const SQL_ONE_SELECT_MESSAGE = '报表SQL只能是一条查询语句';
export const SQL_WRITE_MESSAGE = '报表SQL不能修改数据（INSERT、UPDATE、DELETE、MERGE）';
export const SQL_INTO_MESSAGE = '报表SQL不能使用 SELECT INTO 建表';
export const SQL_LOCK_MESSAGE = '报表SQL不能加锁（FOR UPDATE / FOR SHARE）';
export const SQL_PLACEHOLDER_MESSAGE = '报表SQL的参数 ${…} / #{…} 只能单独作为一个值使用，不能写在字符串或注释里';
export const SQL_DOLLAR_MESSAGE = '报表SQL不能使用 $1 这样的位置参数，请使用 ${参数名}';
export const SQL_EMPTY_MESSAGE = '报表SQL不能为空';
export const SQL_IDENTITY_MESSAGE = '报表SQL不能读取数据库名或登录账号（session_user、current_catalog）';

/**
 * SQL value keywords naming the server's login or the database: refused. (current_user is the report role;
 * current_database() is a function outside the allowlist.)
 */
const IDENTITY_VALUES = new Set(['SVFOP_SESSION_USER', 'SVFOP_CURRENT_CATALOG']);

/** Functions a report may call (lower case, without schema; pg_catalog.* spellings of SQL syntax included). */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates and window functions
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // numbers
  'round',
  'floor',
  'ceil',
  'ceiling',
  'abs',
  'trunc',
  'mod',
  'power',
  'sqrt',
  'sign',
  'greatest',
  'least',
  'coalesce',
  'nullif',
  // text
  'upper',
  'lower',
  'length',
  'char_length',
  'character_length',
  'octet_length',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'substring',
  'substr',
  'left',
  'right',
  'lpad',
  'rpad',
  'concat',
  'concat_ws',
  'replace',
  'position',
  'strpos',
  'split_part',
  'initcap',
  'reverse',
  'repeat',
  'overlay',
  'format',
  'like_escape',
  'similar_to_escape',
  'normalize',
  'translate',
  // dates
  'to_char',
  'to_date',
  'to_timestamp',
  'to_number',
  'date_trunc',
  'extract',
  'date_part',
  'age',
  'now',
  'current_date',
  'current_timestamp',
  'localtimestamp',
  'make_date',
  'make_timestamp',
  'make_interval',
  'justify_days',
  'timezone',
  'overlaps',
  'cast',
  // rows
  'generate_series',
]);

/** Tables holding passwords, tokens, codes, secrets or raw uploads: never readable by a report. */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
  'sys_user',
  'sys_user_token',
  'sys_captcha',
  'sys_data_source',
  'sys_data_source_secret',
  'sys_sms_code',
  'sys_sms_outbox',
  'sys_login_attempt',
  'sys_config',
  'sys_user_setting',
  'sys_upload_content',
  'sys_data_log',
  'xypj_push_nonce',
]);

const WRITE_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

export interface CheckedSql {
  /** the SQL with each placeholder replaced by `$n` in order (trailing semicolons removed) */
  parsedText: string;
  /** the SQL split around placeholders: text pieces (length = placeholders + 1) */
  pieces: string[];
  /** the placeholders in order */
  placeholders: Array<{ kind: 'param' | 'system'; name: string }>;
  /** distinct `${param}` names, in order of appearance */
  paramNames: string[];
}

type ParseSync = (typeof import('libpg-query'))['parseSync'];
let parseSync: ParseSync | null = null;
let ready: Promise<void> | null = null;
/** Loads the parser (wasm, some 20 MB of memory) once, at the first report check rather than at start. */
export function loadSqlParser(): Promise<void> {
  ready ??= import('libpg-query').then(async (m) => {
    await m.loadModule();
    parseSync = m.parseSync;
  });
  return ready;
}

type Node = unknown;

function refuse(message: string): never {
  throw businessError(message);
}

function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((n) => ((n as { String?: { sval?: string } }).String?.sval ?? '').toLowerCase());
}

function checkRangeVar(rv: { schemaname?: string; relname?: string }): void {
  const schema = (rv.schemaname ?? '').toLowerCase();
  const rel = (rv.relname ?? '').toLowerCase();
  if (schema === 'pg_catalog' || schema === 'information_schema' || schema.startsWith('pg_') || rel.startsWith('pg_'))
    refuse(`报表SQL不能读取系统表 ${rel}`);
  if (rel === 'information_schema') refuse(`报表SQL不能读取系统表 ${rel}`);
  if (schema && schema !== 'public') refuse(`报表SQL只能读取 public 模式的表，不能读取 ${schema}.${rel}`);
  if (CREDENTIAL_TABLES.has(rel)) refuse(`报表SQL不能读取数据表 ${rel}（含账号、口令或密钥）`);
}

function checkFunction(fc: { funcname?: unknown }): void {
  const parts = names(fc.funcname);
  const name = parts[parts.length - 1] ?? '';
  const schema = parts.length > 1 ? parts[parts.length - 2] : '';
  if ((schema && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) refuse(`报表SQL不能调用函数 ${name}`);
}

/** Walks every node of the parse tree; refuses writes anywhere, INTO, locking, other tables and functions. */
function walk(node: Node, counter: { params: number }): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, counter);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (WRITE_NODES.has(key)) refuse(SQL_WRITE_MESSAGE);
    if (key.endsWith('Stmt') && key !== 'SelectStmt') refuse(SQL_ONE_SELECT_MESSAGE);
    if (key === 'SelectStmt' || key === 'larg' || key === 'rarg') {
      const s = value as { intoClause?: unknown; lockingClause?: unknown[] };
      if (s && s.intoClause) refuse(SQL_INTO_MESSAGE);
      if (s && s.lockingClause?.length) refuse(SQL_LOCK_MESSAGE);
    }
    if (key === 'intoClause') refuse(SQL_INTO_MESSAGE);
    if (key === 'lockingClause') refuse(SQL_LOCK_MESSAGE);
    if (key === 'RangeVar' || key === 'relation') checkRangeVar(value as { schemaname?: string; relname?: string });
    if (key === 'FuncCall') checkFunction(value as { funcname?: unknown });
    if (key === 'SQLValueFunction' && IDENTITY_VALUES.has(String((value as { op?: unknown }).op))) refuse(SQL_IDENTITY_MESSAGE);
    if (key === 'ParamRef') counter.params += 1;
    walk(value, counter);
  }
}

/** Splits the SQL around its placeholders (the text is trimmed and trailing semicolons dropped). */
function split(text: string): Omit<CheckedSql, 'parsedText'> {
  const body = text.trim().replace(/(;\s*)+$/, '');
  const pieces: string[] = [];
  const placeholders: CheckedSql['placeholders'] = [];
  let last = 0;
  for (const m of body.matchAll(PLACEHOLDER)) {
    pieces.push(body.slice(last, m.index));
    const param = m[1] ?? m[2];
    placeholders.push(param !== undefined ? { kind: 'param', name: param } : { kind: 'system', name: m[3] ?? m[4] });
    last = m.index + m[0].length;
  }
  pieces.push(body.slice(last));
  const paramNames = [...new Set(placeholders.filter((p) => p.kind === 'param').map((p) => p.name))];
  return { pieces, placeholders, paramNames };
}

const cache = new Map<string, CheckedSql>();
const CACHE_SIZE = 500;

/**
 * The report SQL checked by PostgreSQL's parser, or a business error with the reason in Chinese.
 * Results are cached by SQL text (a report's SQL is checked once, not per request).
 */
export async function checkReportSql(text: string): Promise<CheckedSql> {
  const hit = cache.get(text);
  if (hit) return hit;
  await loadSqlParser();
  const checked = checkLoaded(text);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(text, checked);
  return checked;
}

function checkLoaded(text: string): CheckedSql {
  if (!text.trim()) refuse(SQL_EMPTY_MESSAGE);
  const parts = split(text);
  // A positional parameter the administrator wrote would collide with the bound ones.
  if (parts.pieces.some((p) => /\$\d/.test(p.replace(/'(?:[^']|'')*'/g, "''")))) refuse(SQL_DOLLAR_MESSAGE);
  const parsedText = parts.pieces.reduce((acc, piece, i) => (i === 0 ? piece : `${acc}$${i}${piece}`), '');
  if (!parseSync) throw new Error('the SQL parser is not loaded');
  let tree: { stmts?: Array<{ stmt?: Record<string, unknown> }> };
  try {
    tree = parseSync(parsedText) as typeof tree;
  } catch (err) {
    refuse(`报表SQL语法错误：${(err as Error).message}`);
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) refuse(SQL_ONE_SELECT_MESSAGE);
  const root = stmts[0].stmt ?? {};
  const kind = Object.keys(root)[0];
  if (kind && WRITE_NODES.has(kind)) refuse(SQL_WRITE_MESSAGE);
  if (kind !== 'SelectStmt') refuse(SQL_ONE_SELECT_MESSAGE);
  const counter = { params: 0 };
  walk(root, counter);
  // Every placeholder must have become a value: one inside a string or a comment is refused.
  if (counter.params !== parts.placeholders.length) refuse(SQL_PLACEHOLDER_MESSAGE);
  return { ...parts, parsedText };
}

/**
 * Validates every JSON file under schemas/ (except schemas/_meta) against its meta-schema and checks
 * what it names (registered components and views, dictionaries, an entity's fields and apiBase).
 * Prints "file pointer: expectation" per problem and exits 1 when any file is invalid.
 * Also exports `validateSchemaFiles` for the Vite plugin (tools/vite-schema-check.ts).
 *
 *   npm run validate-schemas                 the project's schemas/
 *   npm run validate-schemas -- <dir>        another folder laid out like schemas/ (with its _meta)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredKind, type SchemaIssue } from '../renderer/schema/validate';
import {
  crossFileIssues,
  dataKindOf,
  referenceContext,
  validateDataDocument,
  validateEntityDocument,
  validatePageDocument,
} from './schema-data-checks';
import type { ReferenceContext } from './schema-refs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMAS_DIR = join(root, 'schemas');

export interface FileReport {
  file: string;
  issues: SchemaIssue[];
}

function listJsonFiles(dir: string, schemasDir = dir): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (full !== join(schemasDir, '_meta')) files.push(...listJsonFiles(full, schemasDir));
    } else if (name.endsWith('.json')) {
      files.push(full);
    }
  }
  return files.sort();
}

const contexts = new Map<string, ReferenceContext>();
/** What the files of a schemas folder may name: its own dicts folder counts besides the project's. */
function contextFor(schemasDir: string): ReferenceContext {
  let context = contexts.get(schemasDir);
  if (!context) {
    const dicts = join(schemasDir, 'dicts');
    context = referenceContext(schemasDir !== SCHEMAS_DIR && existsSync(dicts) ? { DICT_DIRS: dicts } : {});
    contexts.set(schemasDir, context);
  }
  return context;
}

export function validateSchemaFile(file: string, schemasDir = SCHEMAS_DIR): SchemaIssue[] {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [{ pointer: '/', message: `invalid JSON: ${(error as Error).message}` }];
  }
  const ref = (document as { $schema?: unknown }).$schema;
  if (typeof ref !== 'string')
    return [{ pointer: '/$schema', message: 'missing "$schema" (relative path to a meta-schema in schemas/_meta)' }];
  const target = resolve(dirname(file), ref);
  const dataKind = dataKindOf(file, ref, schemasDir);
  if (dataKind) return validateDataDocument(file, document, dataKind, schemasDir);
  const kind = declaredKind(document);
  if (!kind || target !== join(schemasDir, '_meta', `${kind}.schema.json`)) {
    return [
      {
        pointer: '/$schema',
        message: `"${ref}" does not resolve to a meta-schema in schemas/_meta (page, entity, menu, dict, table-dicts)`,
      },
    ];
  }
  const inEntities = file.startsWith(join(schemasDir, 'entities') + '/');
  if (inEntities !== (kind === 'entity')) {
    return [
      { pointer: '/$schema', message: inEntities ? 'entity files must use entity.schema.json' : 'page files must use page.schema.json' },
    ];
  }
  const context = contextFor(schemasDir);
  return kind === 'page'
    ? validatePageDocument(document, join(schemasDir, 'entities'), context)
    : validateEntityDocument(file, document, context);
}

/** Each file's findings, the file named relative to the folder holding `schemasDir` (schemas/…). */
export function validateSchemaFiles(files?: string[], schemasDir = SCHEMAS_DIR): FileReport[] {
  const list = files ?? listJsonFiles(schemasDir);
  return list.map((file) => ({ file: relative(dirname(schemasDir), file), issues: validateSchemaFile(file, schemasDir) }));
}

export function formatReports(reports: FileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const issue of report.issues) lines.push(`${report.file} ${issue.pointer}: ${issue.message}`);
  }
  return lines.join('\n');
}

export interface CommandResult {
  exitCode: 0 | 1;
  stdout: string;
  stderr: string;
}

/** The command: every file of `schemasDir`, then the checks across files. */
export function runValidateSchemas(schemasDir = SCHEMAS_DIR): CommandResult {
  const started = performance.now();
  const reports = validateSchemaFiles(undefined, schemasDir);
  const failed = reports.filter((r) => r.issues.length > 0);
  const across = failed.length === 0 ? crossFileIssues(SCHEMAS_DIR) : [];
  const ms = Math.round(performance.now() - started);
  if (across.length > 0) return { exitCode: 1, stdout: '', stderr: `${across.join('\n')}\n` };
  if (failed.length > 0) {
    return {
      exitCode: 1,
      stdout: '',
      stderr: `${formatReports(failed)}\n${failed.length} of ${reports.length} schema files invalid (${ms} ms)\n`,
    };
  }
  return { exitCode: 0, stdout: `${reports.length} schema files valid (${ms} ms)\n`, stderr: '' };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const result = runValidateSchemas(process.argv[2] ? resolve(process.argv[2]) : SCHEMAS_DIR);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exit(result.exitCode);
}

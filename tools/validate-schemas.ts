/**
 * Validates every JSON file under schemas/ (except schemas/_meta) against its meta-schema.
 * Prints "file pointer: expectation" per problem and exits 1 when any file is invalid.
 * Also exports `validateSchemaFiles` for the Vite plugin (tools/vite-schema-check.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredKind, validateSchemaDocument, type SchemaIssue } from '../renderer/schema/validate';
import { crossFileIssues, dataKindOf, validateDataDocument, validatePageDocument } from './schema-data-checks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMAS_DIR = join(root, 'schemas');

export interface FileReport {
  file: string;
  issues: SchemaIssue[];
}

function listJsonFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (full !== join(SCHEMAS_DIR, '_meta')) files.push(...listJsonFiles(full));
    } else if (name.endsWith('.json')) {
      files.push(full);
    }
  }
  return files.sort();
}

export function validateSchemaFile(file: string): SchemaIssue[] {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [{ pointer: '/', message: `invalid JSON: ${(error as Error).message}` }];
  }
  const ref = (document as { $schema?: unknown }).$schema;
  if (typeof ref !== 'string') return [{ pointer: '/$schema', message: 'missing "$schema" (relative path to a meta-schema in schemas/_meta)' }];
  const target = resolve(dirname(file), ref);
  const dataKind = dataKindOf(file, ref, SCHEMAS_DIR);
  if (dataKind) return validateDataDocument(file, document, dataKind, SCHEMAS_DIR);
  const kind = declaredKind(document);
  if (!kind || target !== join(SCHEMAS_DIR, '_meta', `${kind}.schema.json`)) {
    return [{ pointer: '/$schema', message: `"${ref}" does not resolve to a meta-schema in schemas/_meta (page, entity, menu, dict, table-dicts)` }];
  }
  const inEntities = file.startsWith(join(SCHEMAS_DIR, 'entities') + '/');
  if (inEntities !== (kind === 'entity')) {
    return [{ pointer: '/$schema', message: inEntities ? 'entity files must use entity.schema.json' : 'page files must use page.schema.json' }];
  }
  return kind === 'page' ? validatePageDocument(document) : validateSchemaDocument(document, kind);
}

export function validateSchemaFiles(files: string[] = listJsonFiles(SCHEMAS_DIR)): FileReport[] {
  return files.map((file) => ({ file: relative(root, file), issues: validateSchemaFile(file) }));
}

export function formatReports(reports: FileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const issue of report.issues) lines.push(`${report.file} ${issue.pointer}: ${issue.message}`);
  }
  return lines.join('\n');
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const started = performance.now();
  const reports = validateSchemaFiles();
  const failed = reports.filter((r) => r.issues.length > 0);
  const across = failed.length === 0 ? crossFileIssues(SCHEMAS_DIR) : [];
  const ms = Math.round(performance.now() - started);
  if (across.length > 0) {
    process.stderr.write(`${across.join('\n')}\n`);
    process.exit(1);
  }
  if (failed.length > 0) {
    process.stderr.write(`${formatReports(failed)}\n`);
    process.stderr.write(`${failed.length} of ${reports.length} schema files invalid (${ms} ms)\n`);
    process.exit(1);
  }
  process.stdout.write(`${reports.length} schema files valid (${ms} ms)\n`);
}

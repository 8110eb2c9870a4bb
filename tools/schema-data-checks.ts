/**
 * validate-schemas for the data files of schemas/ besides pages and entities: menus
 * (schemas/menus), dictionaries and table dictionaries (schemas/dicts), checked with the same code
 * the server applies them with; and pages that name an entity, checked as the renderer gets them
 * (derived from the entity).
 */
import { basename, dirname, join, relative, resolve } from 'node:path';
import { dataFileIssues, DataFileError, kindOfFile, type DataKind } from '../server/core/data-files';
import { ENUM_DICTS, loadDictSeed } from '../server/db/seed/dicts';
import { defineEntity, EntityDefinitionError } from '../server/modules/entity/definitions';
import { findTableDict, isTableDictCode } from '../server/modules/lookup/registry';
import { AREA_DICT_CODE } from '../contract/entity';
import { entityPageIssues, entityReferenceIssues, pageReferenceIssues, type ReferenceContext } from './schema-refs';
import { loadMenuSeed } from '../server/db/seed/menus';
import { deriveFromEntityFiles } from './entity-pages';
import { validateSchemaDocument, type SchemaIssue } from '../renderer/schema/validate';

const FOLDER_OF: Record<DataKind, 'menus' | 'dicts'> = { menu: 'menus', dict: 'dicts', 'table-dicts': 'dicts' };

/** The data kind a `$schema` reference names (menu, dict, table-dicts), if any. */
export function dataKindOf(file: string, ref: string, schemasDir: string): DataKind | undefined {
  const target = resolve(dirname(file), ref);
  for (const kind of ['menu', 'dict', 'table-dicts'] as const) if (target === join(schemasDir, '_meta', `${kind}.schema.json`)) return kind;
  return undefined;
}

/** One menu, dictionary or table-dictionary file: its place, its meta-schema, its name. */
export function validateDataDocument(file: string, document: unknown, kind: DataKind, schemasDir: string): SchemaIssue[] {
  const folder = FOLDER_OF[kind];
  if (dirname(file) !== join(schemasDir, folder) || kindOfFile(file, folder) !== kind) {
    const where = kind === 'menu' ? 'schemas/menus/' : kind === 'dict' ? 'schemas/dicts/<code>.json' : 'schemas/dicts/table-dicts.json';
    return [{ pointer: '/$schema', message: `${kind}.schema.json files belong in ${where}` }];
  }
  const issues = dataFileIssues(kind, document).map((line) => {
    const space = line.indexOf(' ');
    return { pointer: line.slice(0, space), message: line.slice(space + 1) };
  });
  const code = (document as { code?: unknown }).code;
  if (kind === 'dict' && issues.length === 0 && basename(file, '.json') !== code) {
    issues.push({ pointer: '/code', message: `must equal the file name (${basename(file, '.json')})` });
  }
  return issues;
}

/**
 * A page file as the renderer gets it (derived from its entity when it names one), then what it
 * names: registered components and views, existing dictionaries, the entity's fields and apiBase.
 */
export function validatePageDocument(document: unknown, entitiesDir: string, context: ReferenceContext): SchemaIssue[] {
  const derived = deriveFromEntityFiles(document, entitiesDir);
  if (derived.problem) return [derived.problem];
  // a field the entity lacks is the cause of what the derived page then misses (its title …)
  if (derived.entity && derived.entityFile) {
    const fromEntity = entityPageIssues(
      document as Record<string, unknown>,
      derived.entity,
      relative(dirname(dirname(entitiesDir)), derived.entityFile),
    );
    if (fromEntity.length > 0) return fromEntity;
  }
  const issues = validateSchemaDocument(derived.page, 'page');
  return issues.length > 0 ? issues : pageReferenceIssues(document, context);
}

/** An entity file: its meta-schema, the dictionaries it names, then the checks the server makes at start. */
export function validateEntityDocument(file: string, document: unknown, context: ReferenceContext): SchemaIssue[] {
  const issues = validateSchemaDocument(document, 'entity');
  if (issues.length > 0) return issues;
  const references = entityReferenceIssues(document, context);
  if (references.length > 0) return references;
  try {
    defineEntity(file, document);
    return [];
  } catch (error) {
    if (!(error instanceof EntityDefinitionError)) throw error;
    const message = error.message.replace(/^实体定义 [^：]*：/, '');
    return [{ pointer: error.pointer ?? '/', message: error.pointer ? message.slice(error.pointer.length + 1) : message }];
  }
}

/** Dictionary codes known to the server: the dictionary files (with DICT_DIRS), the enum dictionaries, the area codes, registered table dictionaries. */
export function referenceContext(env: NodeJS.ProcessEnv = {}): ReferenceContext {
  let codes = new Set<string>([...Object.keys(ENUM_DICTS), AREA_DICT_CODE]);
  try {
    codes = new Set([...codes, ...loadDictSeed(env).map((d) => d.code)]);
  } catch (error) {
    // a broken dictionary file is reported by crossFileIssues; here the other files are still checked
    if (!(error instanceof DataFileError)) throw error;
  }
  return { isKnownDict: (code) => (isTableDictCode(code) ? findTableDict(code) !== undefined : codes.has(code)) };
}

/** Checks across files: menu ids, the buttons menus get from their pages, dictionary codes. */
export function crossFileIssues(schemasDir: string): string[] {
  const problems: string[] = [];
  for (const load of [() => loadMenuSeed({}), () => loadDictSeed({})]) {
    try {
      load();
    } catch (error) {
      if (!(error instanceof DataFileError)) throw error;
      problems.push(error.message.split(`${resolve(schemasDir, '..')}/`).join(''));
    }
  }
  return problems;
}

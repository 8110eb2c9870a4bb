/**
 * The JSON data files of schemas/ the server applies at start — menus (schemas/menus), dictionaries
 * and table dictionaries (schemas/dicts) — plus the folders named in MENU_DIRS and DICT_DIRS.
 * Each file is checked against its meta-schema in schemas/_meta; a bad file stops start-up with a
 * message naming the file, the JSON pointer and what was expected.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, delimiter, join, resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { PROJECT_ROOT } from '../paths';
import { AuthoringError } from './authoring-error';

export type DataKind = 'menu' | 'dict' | 'table-dicts';

export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');
/** In a dictionary folder, this file lists table dictionaries; every other *.json is one dictionary. */
export const TABLE_DICTS_FILE = 'table-dicts.json';

export class DataFileError extends AuthoringError {}

export interface DataFile<T> {
  file: string;
  json: T;
}

/** Splits a path-list variable (":"-separated, like PATH) into absolute directories. */
export function directoriesOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(delimiter)
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => resolve(d));
}

/** schemas/menus plus MENU_DIRS. */
export function menuDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(SCHEMAS_DIR, 'menus'), ...directoriesOf(env.MENU_DIRS)];
}

/** schemas/dicts plus DICT_DIRS. */
export function dictDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(SCHEMAS_DIR, 'dicts'), ...directoriesOf(env.DICT_DIRS)];
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<DataKind, ValidateFunction>();

function validatorOf(kind: DataKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, '_meta', `${kind}.schema.json`), 'utf8')) as object);
    validators.set(kind, validate);
  }
  return validate;
}

/** The problems of one parsed document: "pointer: expectation", empty when it is valid. */
export function dataFileIssues(kind: DataKind, json: unknown): string[] {
  const validate = validatorOf(kind);
  if (validate(json)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties' ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"` : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
}

/** The kind of a file in a menu or dictionary folder. */
export function kindOfFile(file: string, folder: 'menus' | 'dicts'): DataKind {
  return folder === 'menus' ? 'menu' : basename(file) === TABLE_DICTS_FILE ? 'table-dicts' : 'dict';
}

/** Reads and checks one file; throws DataFileError naming it. */
export function readDataFile<T>(file: string, kind: DataKind): DataFile<T> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DataFileError(`${file}: ${error instanceof SyntaxError ? `不是合法的JSON（${error.message}）` : '无法读取'}`);
  }
  const issues = dataFileIssues(kind, json);
  if (issues.length > 0) throw new DataFileError(`${file}: ${issues.join('; ')}`);
  return { file, json: json as T };
}

/** The *.json files of the folders (sorted by name; a missing schemas/ folder is empty, a missing extra folder an error). */
export function listDataFiles(dirs: readonly string[], folder: 'menus' | 'dicts'): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort();
    } catch {
      if (dir === join(SCHEMAS_DIR, folder)) continue;
      throw new DataFileError(`${dir}: 目录不存在`);
    }
    files.push(...names.map((n) => join(dir, n)));
  }
  return files;
}

/** Every file of one kind in the folders, read and checked. */
export function readDataFiles<T>(dirs: readonly string[], folder: 'menus' | 'dicts', kind: DataKind): Array<DataFile<T>> {
  return listDataFiles(dirs, folder)
    .filter((file) => kindOfFile(file, folder) === kind)
    .map((file) => readDataFile<T>(file, kind));
}

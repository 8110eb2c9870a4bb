/**
 * Pages in schemas/ that name their entity are derived from schemas/entities/<entity>.json by
 * derivePage (contract/pages/derive.ts), here for the client build and the schema validator; the
 * server calls the same function for the pages it serves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { derivePage, namesEntity } from '../contract/pages/derive';
import type { EntitySchema } from '../contract/schema-types.gen';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ENTITIES_DIR = join(root, 'schemas', 'entities');

export interface DerivedPage {
  /** the page as the renderer gets it (the document itself when it names no entity) */
  page: unknown;
  /** the entity file it was derived from */
  entityFile?: string;
  /** that file's JSON */
  entity?: EntitySchema;
  /** why it could not be derived */
  problem?: { pointer: string; message: string };
}

/** Derives one parsed page document from the entity files in schemas/entities. */
export function deriveFromEntityFiles(document: unknown, entitiesDir = ENTITIES_DIR): DerivedPage {
  if (!namesEntity(document)) return { page: document };
  const entityFile = join(entitiesDir, `${document.entity}.json`);
  if (!existsSync(entityFile)) {
    return { page: document, problem: { pointer: '/entity', message: `no entity file schemas/entities/${document.entity}.json` } };
  }
  let entity: EntitySchema;
  try {
    entity = JSON.parse(readFileSync(entityFile, 'utf8')) as EntitySchema;
  } catch (error) {
    return {
      page: document,
      entityFile,
      problem: { pointer: '/entity', message: `schemas/entities/${document.entity}.json is not valid JSON: ${(error as Error).message}` },
    };
  }
  if (!Array.isArray(entity.columns))
    return {
      page: document,
      entityFile,
      problem: { pointer: '/entity', message: `schemas/entities/${document.entity}.json has no columns` },
    };
  return { page: derivePage(document, entity), entityFile, entity };
}

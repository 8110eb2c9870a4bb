import type { PageSchema } from '@contract/schema-types.gen';

/**
 * Page schemas bundled with the client, keyed by file path; each loads as its own chunk. A page that
 * names its entity arrives derived from it (the build's entity-pages plugin).
 */
const modules = import.meta.glob<{ default: PageSchema }>([
  '../../schemas/**/*.json',
  '!../../schemas/_meta/**',
  '!../../schemas/entities/**',
  '!../../schemas/menus/**',
  '!../../schemas/dicts/**',
]);

function pathFor(componentName: string): string {
  return `../../schemas/${componentName.replace(/^\/+/, '').replace(/\.json$/, '')}.json`;
}

/** Whether `schemas/<componentName>.json` exists (menu component "system/UserList" → schemas/system/UserList.json). */
export function hasPageSchema(componentName: string): boolean {
  return pathFor(componentName) in modules;
}

/** Loads `schemas/<componentName>.json`; undefined when there is none. Validate with SchemaPage. */
export async function loadPageSchema(componentName: string): Promise<unknown | undefined> {
  const load = modules[pathFor(componentName)];
  if (!load) return undefined;
  const loaded = await load();
  return loaded.default;
}

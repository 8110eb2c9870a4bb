import { sep } from 'node:path';
import type { Plugin } from 'vite';
import { deriveFromEntityFiles } from './entity-pages';
import { SCHEMAS_DIR } from './validate-schemas';

const NOT_PAGES = ['_meta', 'entities', 'menus', 'dicts'].map((d) => `${SCHEMAS_DIR}${sep}${d}${sep}`);

/**
 * Bundled page schemas that name an entity reach the client derived from it (urls, columns, forms,
 * actions: contract/pages/derive.ts), so the renderer only ever sees complete pages. Runs
 * before Vite's JSON plugin; editing the entity file reloads the pages built from it.
 */
export function entityPagesPlugin(): Plugin {
  return {
    name: 'entity-pages',
    enforce: 'pre',
    transform(code, file) {
      if (file.includes('?')) return null;
      if (!file.startsWith(SCHEMAS_DIR + sep) || !file.endsWith('.json') || NOT_PAGES.some((d) => file.startsWith(d))) return null;
      let document: unknown;
      try {
        document = JSON.parse(code);
      } catch {
        return null;
      }
      const derived = deriveFromEntityFiles(document);
      if (derived.entityFile) this.addWatchFile(derived.entityFile);
      if (derived.problem) {
        this.warn(`${file} ${derived.problem.pointer}: ${derived.problem.message}`);
        return null;
      }
      if (derived.page === document) return null;
      return { code: JSON.stringify(derived.page), map: null };
    },
  };
}

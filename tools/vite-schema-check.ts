import { join } from 'node:path';
import type { Plugin } from 'vite';
import { formatReports, SCHEMAS_DIR, validateSchemaFiles } from './validate-schemas';

/**
 * Dev-server plugin: on saving a file under schemas/, validate it (and what it names) and report
 * problems, each as "file pointer: message", in the terminal and as Vite's error overlay. Wire into vite.config.ts `plugins`.
 */
export function schemaCheckPlugin(): Plugin {
  return {
    name: 'schema-check',
    apply: 'serve',
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(SCHEMAS_DIR) || !file.endsWith('.json') || file.includes('/_meta/')) return;
      // pages are checked against their entity: a changed entity file rechecks every file
      const failed = validateSchemaFiles(file.startsWith(join(SCHEMAS_DIR, 'entities')) ? undefined : [file]).filter(
        (r) => r.issues.length > 0,
      );
      if (failed.length === 0) return;
      const message = formatReports(failed);
      server.config.logger.error(`invalid schema\n${message}`, { timestamp: true });
      server.ws.send({ type: 'error', err: { message: `invalid schema\n${message}`, stack: '', id: file, plugin: 'schema-check' } });
    },
  };
}

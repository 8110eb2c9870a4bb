import { SchemaPage } from '@renderer/index';

/** Renders a page schema (validated by SchemaPage; an invalid one becomes an error panel). */
export function SchemaView({ schema, source }: { schema: unknown; source: string }) {
  return <SchemaPage schema={schema} source={source} />;
}

/** A menu component backed by `schemas/<componentName>.json`, bundled with the client and already loaded. */
export function schemaRoute(componentName: string, schema: unknown) {
  return function SchemaRoute() {
    return <SchemaView schema={schema} source={`schemas/${componentName}.json`} />;
  };
}

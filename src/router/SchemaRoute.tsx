import { ListReloadKeyContext, SchemaPage } from '@renderer/index';

/**
 * Renders a page schema (validated by SchemaPage; an invalid one becomes an error panel). `reloadKey` (the menu
 * component name) lets a notice or a second click on the menu item reload the page's lists.
 */
export function SchemaView({ schema, source, reloadKey }: { schema: unknown; source: string; reloadKey?: string }) {
  return (
    <ListReloadKeyContext.Provider value={reloadKey}>
      <SchemaPage schema={schema} source={source} />
    </ListReloadKeyContext.Provider>
  );
}

/** A menu component backed by `schemas/<componentName>.json`, bundled with the client and already loaded. */
export function schemaRoute(componentName: string, schema: unknown) {
  return function SchemaRoute() {
    return <SchemaView schema={schema} source={`schemas/${componentName}.json`} reloadKey={componentName} />;
  };
}

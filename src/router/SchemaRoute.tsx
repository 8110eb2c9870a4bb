import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { SchemaPage, loadPageSchema } from '@renderer/index';

const loading = <Spin style={{ display: 'block', margin: '64px auto' }} />;

/** Renders a page schema (validated by SchemaPage; an invalid one becomes an error panel). */
export function SchemaView({ schema, source }: { schema: unknown; source: string }) {
  return <SchemaPage schema={schema} source={source} />;
}

/** A menu component backed by `schemas/<componentName>.json`, bundled with the client. */
export function schemaRoute(componentName: string) {
  return function SchemaRoute() {
    const [schema, setSchema] = useState<unknown>();
    useEffect(() => {
      let live = true;
      void loadPageSchema(componentName).then((loaded) => live && setSchema(loaded));
      return () => {
        live = false;
      };
    }, []);
    if (schema === undefined) return loading;
    return <SchemaView schema={schema} source={`schemas/${componentName}.json`} />;
  };
}

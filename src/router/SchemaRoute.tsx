import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { SchemaPage, loadPageSchema } from '@renderer/index';
import { registerAppFieldTypes } from '../registerFieldTypes';

/** A menu component backed by `schemas/<componentName>.json`, rendered by the generic renderer. */
export function schemaRoute(componentName: string) {
  return function SchemaRoute() {
    const [schema, setSchema] = useState<unknown>();
    useEffect(() => {
      let live = true;
      registerAppFieldTypes();
      void loadPageSchema(componentName).then((loaded) => live && setSchema(loaded));
      return () => {
        live = false;
      };
    }, []);
    if (schema === undefined) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
    return <SchemaPage schema={schema} source={`schemas/${componentName}.json`} />;
  };
}

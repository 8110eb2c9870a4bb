import { useMemo } from 'react';
import type { ListPage, FormPage, PageSchema, ViewPage } from '@contract/schema-types.gen';
import { validatePageSchema, type SchemaIssue } from './schema/validate';
import { referenceIssues, type KnownNames } from './schema/references';
import { SchemaSourceContext } from './schema/source';
import { registeredFieldTypes } from './registry';
import { registeredViews } from './views/registry';
import { LAYOUT_COMPONENTS } from './form/schemaTools';
import { SchemaErrorPanel } from './schema/SchemaErrorPanel';
import type { Notifier } from './data/notify';
import { ListPageView } from './list/ListPageView';
import { FormPageView } from './form/FormPageView';
import { ViewPageView } from './views/ViewPageView';

export interface SchemaPageProps {
  /** The page schema; validated here, so configs from the server can be passed as they came. */
  schema: unknown;
  /** The file the schema comes from (e.g. schemas/system/UserList.json), named in every error panel of the page. */
  source?: string;
  notifier?: Notifier;
  /** Storage code for saved advanced queries (default: the route). */
  saveCode?: string;
}

/** The components and views registered now. */
function registeredNames(): KnownNames {
  const fieldTypes = new Set(registeredFieldTypes());
  return { fieldTypes, formComponents: new Set([...fieldTypes, ...LAYOUT_COMPONENTS]), views: new Set(registeredViews()) };
}

/** The page's problems: its shape, then the components and views it names that are not registered. */
function pageIssues(schema: unknown): SchemaIssue[] {
  const issues = validatePageSchema(schema);
  return issues.length > 0 ? issues : referenceIssues(schema, registeredNames());
}

/** Renders any page schema; an invalid one becomes an error panel naming the file and each problem. */
export function SchemaPage({ schema, source, notifier, saveCode }: SchemaPageProps) {
  const issues = useMemo(() => pageIssues(schema), [schema]);
  if (issues.length > 0) return <SchemaErrorPanel source={source} issues={issues} />;
  const page = schema as PageSchema;
  return (
    <SchemaSourceContext.Provider value={source}>
      {page.kind === 'form' ? (
        <FormPageView schema={page as FormPage} notifier={notifier} />
      ) : page.kind === 'view' ? (
        <ViewPageView schema={page as ViewPage} />
      ) : (
        <ListPageView schema={page as ListPage} notifier={notifier} saveCode={saveCode} />
      )}
    </SchemaSourceContext.Provider>
  );
}

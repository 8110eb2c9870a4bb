import { useMemo } from 'react';
import type { ListPage, FormPage, PageSchema, ViewPage } from './schema/types.gen';
import { validatePageSchema } from './schema/validate';
import { SchemaErrorPanel } from './schema/SchemaErrorPanel';
import type { Notifier } from './data/notify';
import { ListPageView } from './list/ListPageView';
import { FormPageView } from './form/FormPageView';
import { ViewPageView } from './views/ViewPageView';

export interface SchemaPageProps {
  /** The page schema; validated here, so configs from the server can be passed as they came. */
  schema: unknown;
  /** Named in the error panel, e.g. the component name or the config id. */
  source?: string;
  notifier?: Notifier;
  /** Storage code for saved advanced queries (default: the route). */
  saveCode?: string;
}

/** Renders any page schema; an invalid one becomes an error panel naming each problem. */
export function SchemaPage({ schema, source, notifier, saveCode }: SchemaPageProps) {
  const issues = useMemo(() => validatePageSchema(schema), [schema]);
  if (issues.length > 0) return <SchemaErrorPanel source={source} issues={issues} />;
  const page = schema as PageSchema;
  if (page.kind === 'form') return <FormPageView schema={page as FormPage} notifier={notifier} />;
  if (page.kind === 'view') return <ViewPageView schema={page as ViewPage} />;
  return <ListPageView schema={page as ListPage} notifier={notifier} saveCode={saveCode} />;
}

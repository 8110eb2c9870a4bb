import type { SchemaIssue } from './validate';

/** The names a page may use, and (where known) which dictionaries exist. */
export interface KnownNames {
  /** what `x-component` / `x-decorator` may name: field types and the form's layout components */
  formComponents: ReadonlySet<string>;
  /** what a column's, sub-table's or advanced-query field's `component` may name */
  fieldTypes: ReadonlySet<string>;
  /** what a view page's or dialog action's `view` may name */
  views: ReadonlySet<string>;
  /** whether a dictCode exists; dictionaries are not checked without it */
  isKnownDict?(code: string): boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** Subtrees handed to a component as its props: their keys are the component's, except dictCode. */
const PROPS_KEYS = new Set(['props', 'x-component-props', 'x-decorator-props']);
/** Values an action sends or a field starts with: data, never names. */
const DATA_KEYS = new Set(['params', 'body', 'values', 'findBy', 'data', 'default', 'enum']);

function nameIssue(key: string, name: string, pointer: string, known: KnownNames): SchemaIssue | undefined {
  if ((key === 'x-component' || key === 'x-decorator') && !known.formComponents.has(name))
    return { pointer, message: `component "${name}" is not registered` };
  if (key === 'component' && !known.fieldTypes.has(name)) return { pointer, message: `component "${name}" is not a registered field type` };
  if (key === 'view' && !known.views.has(name)) return { pointer, message: `view "${name}" is not registered` };
  return undefined;
}

function dictIssue(code: string, pointer: string, known: KnownNames): SchemaIssue | undefined {
  if (!known.isKnownDict || code.includes('{{') || known.isKnownDict(code)) return undefined;
  return {
    pointer,
    message: `dictionary "${code}" does not exist (no dictionary file schemas/dicts/${code}.json, no registered table dictionary)`,
  };
}

/** Every component, view and dictionary a page names that is not known, with the JSON pointer of each. */
export function referenceIssues(document: unknown, known: KnownNames): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const walk = (value: unknown, pointer: string, inProps: boolean): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${pointer}/${index}`, inProps));
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (DATA_KEYS.has(key)) continue;
      if (typeof child !== 'string') walk(child, at, inProps || PROPS_KEYS.has(key));
      else {
        const issue = key === 'dictCode' ? dictIssue(child, at, known) : inProps ? undefined : nameIssue(key, child, at, known);
        if (issue) issues.push(issue);
      }
    }
  };
  walk(document, '', false);
  return issues;
}

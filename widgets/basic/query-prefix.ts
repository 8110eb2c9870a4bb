/** Query prefixes of JInput: like → *v*, ne → !v, ge → >=v, le → <=v. */
export type QueryPrefixType = 'like' | 'ne' | 'ge' | 'le';

export const QUERY_PREFIX_TYPES: readonly QueryPrefixType[] = ['like', 'ne', 'ge', 'le'];

export function applyQueryPrefix(type: QueryPrefixType, text: string): string {
  if (text === '') return '';
  switch (type) {
    case 'like':
      return `*${text}*`;
    case 'ne':
      return `!${text}`;
    case 'ge':
      return `>=${text}`;
    case 'le':
      return `<=${text}`;
  }
}

/** Text shown in the input for a stored value: the prefix/suffix of `type` removed. */
export function stripQueryPrefix(type: QueryPrefixType, value: string): string {
  switch (type) {
    case 'like':
      return value.replace(/^\*/, '').replace(/\*$/, '');
    case 'ne':
      return value.replace(/^!/, '');
    case 'ge':
      return value.replace(/^>=/, '');
    case 'le':
      return value.replace(/^<=/, '');
  }
}

/** Advanced query: match types and rules, saved queries, and the superQueryParams sent with a list request. */
export const MATCH_TYPES = ['and', 'or'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const RULES = [
  { value: 'eq', text: '等于' },
  { value: 'like', text: '包含' },
  { value: 'right_like', text: '以..开始' },
  { value: 'left_like', text: '以..结尾' },
  { value: 'in', text: '在...中' },
  { value: 'ne', text: '不等于' },
  { value: 'gt', text: '大于' },
  { value: 'ge', text: '大于等于' },
  { value: 'lt', text: '小于' },
  { value: 'le', text: '小于等于' },
] as const;
export type Rule = (typeof RULES)[number]['value'];

export interface Condition {
  field?: string;
  rule?: Rule;
  val?: unknown;
  type?: string;
  dbType?: string;
  dictCode?: string;
}

/** The filter tree: a flat group of conditions joined by one match type. */
export interface FilterTree {
  matchType: MatchType;
  conditions: Condition[];
}

export interface SuperQueryParams {
  superQueryParams: string;
  superQueryMatchType: MatchType;
}

const blank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A condition is empty when field, value or rule is missing. */
export function isEmptyCondition(condition: Condition): boolean {
  return blank(condition.field) || blank(condition.rule) || blank(condition.val);
}

/** Running or saving needs at least one condition and no empty one. */
export function hasEmptyCondition(tree: FilterTree): boolean {
  return tree.conditions.length === 0 || tree.conditions.some(isEmptyCondition);
}

function wireRecord(condition: Condition): Record<string, unknown> {
  const record: Record<string, unknown> = {
    field: condition.field,
    rule: condition.rule,
    val: Array.isArray(condition.val) ? condition.val.join(',') : condition.val,
  };
  if (condition.type) record.type = condition.type;
  if (condition.dbType) record.dbType = condition.dbType;
  return record;
}

/** Serialise as the list endpoint expects: encodeURI(JSON) + match type. */
export function toSuperQueryParams(tree: FilterTree): SuperQueryParams {
  const records = tree.conditions.filter((c) => !isEmptyCondition(c)).map(wireRecord);
  return { superQueryParams: encodeURI(JSON.stringify(records)), superQueryMatchType: tree.matchType };
}

export function fromSuperQueryParams(params: string, matchType?: string): FilterTree {
  let records: unknown;
  try {
    records = JSON.parse(decodeURI(params));
  } catch {
    records = [];
  }
  const conditions = Array.isArray(records)
    ? records.map((r: Record<string, unknown>) => {
        const condition: Condition = { field: r.field as string, rule: r.rule as Rule, val: r.val };
        if (r.type) condition.type = String(r.type);
        if (r.dbType) condition.dbType = String(r.dbType);
        if (condition.rule === 'in' && typeof condition.val === 'string') condition.val = condition.val.split(',');
        return condition;
      })
    : [];
  return { matchType: matchType?.toLowerCase() === 'or' ? 'or' : 'and', conditions };
}

/** Switching away from `in` keeps only the first value; switching to `in` makes a list. */
export function changeRule(condition: Condition, rule: Rule): Condition {
  let val = condition.val;
  if (rule !== 'in' && condition.rule === 'in') {
    if (Array.isArray(val)) val = val[0];
    else if (typeof val === 'string' && val.includes(',')) val = val.split(',')[0];
  } else if (rule === 'in' && !blank(val) && !Array.isArray(val)) {
    val = String(val).split(',');
  }
  return { ...condition, rule, val };
}

/** Search-input prefixes: like → *v*, ne → !v, ge → >=v, le → <=v, eq → v. */
export type InputRule = 'eq' | 'like' | 'ne' | 'ge' | 'le';

export function applyInputRule(rule: InputRule, value: string): string {
  if (value === '') return value;
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

export function stripInputRule(rule: InputRule, value: string): string {
  switch (rule) {
    case 'like':
      return value.replace(/^\*/, '').replace(/\*$/, '');
    case 'ne':
      return value.replace(/^!/, '');
    case 'ge':
      return value.replace(/^>=/, '');
    case 'le':
      return value.replace(/^<=/, '');
    default:
      return value;
  }
}

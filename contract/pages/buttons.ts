import type { EntitySchema } from '../schema-types.gen';
import { derivePage, isObject, namesEntity, type Json } from './derive';
import { BUTTON_VERBS, permissionFor } from './standard-actions';

/** One button (permission) row a menu needs so its page's actions show. */
export interface PageButton {
  perms: string;
  name: string;
}

/** Every `auth` / `x-auth` code in the page, with the action's text or the field's title when it has one. */
function collectCodes(node: unknown, into: Map<string, string | undefined>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectCodes(item, into);
    return;
  }
  if (!isObject(node)) return;
  for (const key of ['auth', 'x-auth']) {
    const code = node[key];
    if (typeof code !== 'string' || code === '') continue;
    const label = typeof node.text === 'string' ? node.text : typeof node.title === 'string' ? node.title : undefined;
    if (!into.has(code) || into.get(code) === undefined) into.set(code, label);
  }
  for (const value of Object.values(node)) collectCodes(value, into);
}

/**
 * The button rows of a page: for a page derived from an entity, the entity's list permission and the
 * codes of its standard actions named "<label><verb>" (职务查询, 职务添加 …) in that order; then any
 * other permission code the page's actions, columns or fields carry.
 */
export function pageButtons(page: unknown, entity?: EntitySchema): PageButton[] {
  const derived: Json | undefined = namesEntity(page) && entity ? derivePage(page, entity) : isObject(page) ? page : undefined;
  if (!derived) return [];
  const codes = new Map<string, string | undefined>();
  collectCodes(derived, codes);
  const out: PageButton[] = [];
  if (entity && namesEntity(page)) {
    const prefix = typeof derived.authPrefix === 'string' ? derived.authPrefix : entity.permissionPrefix;
    for (const [endpoint, verb] of BUTTON_VERBS) {
      const code = permissionFor(prefix, endpoint);
      if (endpoint !== 'list' && !codes.has(code)) continue;
      out.push({ perms: code, name: `${entity.label}${verb}` });
      codes.delete(code);
    }
  }
  for (const [code, label] of codes) out.push({ perms: code, name: label ?? code });
  return out;
}

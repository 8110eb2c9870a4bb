import type { FastifyRequest } from 'fastify';
import { requireGrants, requireSession } from '../../../core/access-control';
import { businessError, forbidden } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import type { EntityDefinition } from '../../entity/definitions';
import { requireFormAccess, subAuth, visibleDefinition, type FormAuth } from './access';
import { FORM_NOT_FOUND, loadForm, readHead, type OnlineForm } from './definition';

export type Query = Record<string, unknown>;

/** One call on a form: the form, what the caller may see of it, and the definition cut to that. */
export interface Opened {
  form: OnlineForm;
  auth: FormAuth;
  def: EntityDefinition;
}

/** The form after the access check: a caller without it learns nothing of the form (not even whether it exists or is synced). */
export async function open(request: FastifyRequest, db: Db, code: string): Promise<Opened> {
  requireSession(request);
  const head = await readHead(db, code);
  if (!head) {
    if (!(await requireGrants(request, db)).isAdmin) throw forbidden();
    throw businessError(FORM_NOT_FOUND);
  }
  const auth = await requireFormAccess(request, db, head);
  const form = await loadForm(db, code, head);
  const def = visibleDefinition(form.def, auth.hiddenColumns);
  const subTables = [];
  for (const [i, sub] of form.subs.entries()) {
    const link = form.def.subTables[i]!;
    subTables.push({ ...link, entity: visibleDefinition(sub.def, await subAuth(request, db, sub)) });
  }
  return { form, auth, def: { ...def, subTables } };
}

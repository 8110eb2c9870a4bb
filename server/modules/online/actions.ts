import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';

/** What a form button's server action receives: the form, the selected rows' ids and the caller. */
export interface FormActionContext {
  db: Db;
  request: FastifyRequest;
  /** onl_cgform_head.id */
  formId: string;
  /** the form's physical table (validated metadata) */
  tableName: string;
  dataIds: string[];
  uiFormData?: Record<string, unknown>;
}

/** A registered action answers the message shown to the user. */
export type FormAction = (ctx: FormActionContext) => Promise<string>;

const actions = new Map<string, { label: string; run: FormAction }>();

/**
 * Server actions that online-form buttons (`opt_type` 'action', `action_name`) may call. This replaces the
 * reference's JavaScript/Java/SQL enhancements: only code registered here runs.
 */
export function registerFormAction(name: string, label: string, run: FormAction): void {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(name)) throw new Error(`invalid form action name ${name}`);
  actions.set(name, { label, run });
}

export function findFormAction(name: string): FormAction | undefined {
  return actions.get(name)?.run;
}

/** Registered actions, for the designer's picker and for validating a button on save. */
export function formActionList(): Array<{ name: string; label: string }> {
  return [...actions].map(([name, a]) => ({ name, label: a.label }));
}

import type { ComponentType } from 'react';

type Row = Record<string, unknown>;

/**
 * What a view receives where a schema places it. As a page (`kind: "view"`) only `props`; opened by a
 * dialog action also the action's record, the list's selected rows and the two callbacks.
 */
export interface ViewProps {
  /** The row the action ran for (row actions, or the one selected row of a toolbar action). */
  record?: Row;
  /** The selected rows of the list the action ran in. */
  selection?: Row[];
  /** The schema's `props` for the view; each view reads its own shape. */
  props: Record<string, unknown>;
  /** Close the dialog the view draws. */
  onClose(): void;
  /** The view changed data the list shows; the list reloads (a saved record lets a tree table open its parent). */
  onChanged(saved?: Row): void;
}

export type ViewComponent = ComponentType<ViewProps>;

export interface ViewRegistration {
  component?: ViewComponent;
  /** Lazy module: called once on first use. */
  load?: () => Promise<ViewComponent>;
  /** Replace an existing registration instead of throwing. */
  override?: boolean;
}

/**
 * Views are the second registry kind beside field types: hand-made screens and panels (a department
 * manager, an authorisation drawer) that a page schema places by name, never as a form field.
 */
const views = new Map<string, ViewRegistration>();

export class DuplicateViewError extends Error {
  constructor(name: string) {
    super(`view "${name}" is already registered`);
    this.name = 'DuplicateViewError';
  }
}

export function registerView(name: string, registration: ViewRegistration): void {
  if (!name) throw new Error('view name must not be empty');
  if (!registration.component && !registration.load) throw new Error(`view "${name}" needs a component or a load function`);
  if (views.has(name) && !registration.override) throw new DuplicateViewError(name);
  views.set(name, registration);
}

export function hasView(name: string): boolean {
  return views.has(name);
}

export function getViewRegistration(name: string): ViewRegistration | undefined {
  return views.get(name);
}

export function registeredViews(): string[] {
  return [...views.keys()];
}

/** For tests: forget every view. */
export function resetViewsForTests(): void {
  views.clear();
}

import type { RendererServices } from '../context';
import type { Notifier } from '../data/notify';

type Row = Record<string, unknown>;

/** What a named action receives when a schema's `custom` action runs it. */
export interface CustomActionContext {
  services: RendererServices;
  notify: Notifier;
  record?: Row;
  selection: Row[];
  query: Row;
  /** The schema's `custom.props`. */
  props: Record<string, unknown>;
  reload(): void;
}

/** Resolves false (or throws) when the action did not happen; anything else counts as success. */
export type CustomActionHandler = (context: CustomActionContext) => Promise<boolean | void> | boolean | void;

const actions = new Map<string, CustomActionHandler>();

/** Register a named action for `{ "custom": { "name": … } }`. Registering a name twice throws unless `override`. */
export function registerAction(name: string, handler: CustomActionHandler, options: { override?: boolean } = {}): void {
  if (!name) throw new Error('action name must not be empty');
  if (actions.has(name) && !options.override) throw new Error(`action "${name}" is already registered`);
  actions.set(name, handler);
}

export function getAction(name: string): CustomActionHandler | undefined {
  return actions.get(name);
}

export function hasAction(name: string): boolean {
  return actions.has(name);
}

export function resetActionsForTests(): void {
  actions.clear();
}

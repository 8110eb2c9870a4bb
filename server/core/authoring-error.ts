import { causeOf, StartupError, systemErrorLine } from './startup-error';

/**
 * A mistake in one of the project's own files (an entity, menu or dictionary file): its message names
 * the file and the property, and start-up prints it as one line, without a stack trace.
 */
export class AuthoringError extends Error {}

/**
 * The start-up report of an error: an authoring mistake, a start-up failure or a system error (file, address)
 * as one line naming the cause; a thrown non-Error described, never "[object Object]"; a program error with its stack.
 */
export function startupMessage(err: unknown): string {
  if (err instanceof AuthoringError || err instanceof StartupError) return err.message.replace(/\s*\n\s*/g, ' ');
  const system = systemErrorLine(err);
  if (system) return system;
  return err instanceof Error ? (err.stack ?? err.message) : causeOf(err);
}

/**
 * A mistake in one of the project's own files (an entity, menu or dictionary file): its message names
 * the file and the property, and start-up prints it as one line, without a stack trace.
 */
export class AuthoringError extends Error {}

/** The start-up report of an error: an authoring mistake as its one line, anything else with its stack. */
export function startupMessage(err: unknown): string {
  if (err instanceof AuthoringError) return err.message.replace(/\s*\n\s*/g, ' ');
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/** A start-up failure the operator can act on: printed as its one line, without a stack. */
export class StartupError extends Error {}

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOENT: 'the path does not exist',
  EEXIST: 'a file of that name is in the way',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not on this machine',
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
};

/** "read-only file system (EROFS)" for a Node system error; the message of another error; never "[object Object]". */
export function causeOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `${CAUSES[code] ?? code.toLowerCase()} (${code})`;
  if (err instanceof Error) return err.message.replace(/\s*\n\s*/g, ' ');
  if (err && typeof err === 'object') {
    const { message, status } = err as { message?: unknown; status?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof status === 'number') return `the embedded database stopped with status ${status}`;
    try {
      return JSON.stringify(err).slice(0, 200);
    } catch {
      return 'unknown error';
    }
  }
  return String(err);
}

/** One line for a Node system error that names a path or an address ("listen 0.0.0.0:80: permission denied (EACCES)"). */
export function systemErrorLine(err: unknown): string | null {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (!(err instanceof Error) || typeof e.code !== 'string' || !/^E[A-Z]+$/.test(e.code)) return null;
  const where =
    e.path ?? (e.address !== undefined ? `${e.syscall ?? ''} ${e.address}${e.port !== undefined ? `:${e.port}` : ''}`.trim() : undefined);
  return where ? `${where}: ${causeOf(err)}` : causeOf(err);
}

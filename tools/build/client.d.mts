export function clientDir(): string;
export function clientApiBase(): string;
export function staleReason(outDir?: string, apiBase?: string): string | undefined;
export function buildClient(outDir?: string, apiBase?: string): Promise<void>;

export function nodeVersionProblem(range: string, version?: string): string | undefined;

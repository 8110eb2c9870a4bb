/** The `engines.node` check `npm start` makes: a readable refusal instead of an obscure failure on an older Node. */
export function nodeVersionProblem(range, version = process.versions.node) {
  const minimum = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!minimum) return undefined;
  const want = minimum.slice(1).map((part) => Number(part ?? 0));
  const have = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (have[i] > want[i]) return undefined;
    if (have[i] < want[i]) return `Node ${version} is too old: this product needs Node ${range.trim()} (package.json "engines").`;
  }
  return undefined;
}

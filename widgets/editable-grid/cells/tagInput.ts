/** Tag input: semicolons the user typed are dropped and one is inserted after every 2 characters. */
export function formatTagInput(text: string): string {
  const plain = text.replace(/;/g, '');
  const parts: string[] = [];
  for (let i = 0; i < plain.length; i += 2) parts.push(plain.slice(i, i + 2));
  return parts.join(';');
}

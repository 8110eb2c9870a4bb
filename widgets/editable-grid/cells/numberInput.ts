/** What a number cell accepts while typing: optional minus, digits, optional decimal point and digits. */
const TYPING = /^-?\d*\.?\d*$/;

export function isAcceptableNumberInput(text: string): boolean {
  return TYPING.test(text);
}

/** On blur: a float, or '' when the text is not a number. */
export function parseNumberInput(text: unknown): number | '' {
  if (typeof text === 'number') return Number.isFinite(text) ? text : '';
  if (text == null) return '';
  const s = String(text).trim();
  if (s === '' || s === '-' || s === '.' || s === '-.' || !TYPING.test(s)) return '';
  const n = parseFloat(s);
  return Number.isFinite(n) ? n : '';
}

/** Which number formats show a date, and the Date exceljs would give for a date cell. */

/**
 * Built-in date and time formats: 14–22 and 45–47 everywhere, 27–36 and 50–58 in the Chinese,
 * Japanese and Korean versions of Excel (e.g. 31 = yyyy"年"m"月"d"日"), which write no FORMAT record for them.
 */
const BUILT_IN_DATE_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Quoted text, escaped characters, padding/fill characters and [colour]/[locale] sections show no date part. */
const LITERALS = /"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g;

export function isDateFormat(id: number, code: string | undefined): boolean {
  if (code === undefined) return BUILT_IN_DATE_IDS.has(id);
  return /[ymdhs]/i.test(code.replace(LITERALS, ''));
}

/** Excel's serial day number as a Date whose UTC fields are the wall-clock time shown (exceljs' excelToDate). */
export function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

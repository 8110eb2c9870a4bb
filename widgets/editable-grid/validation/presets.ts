/** Editable-grid validation presets: short code, title (also the default message) and the check. */
export interface PatternPreset {
  code: string;
  title: string;
  /** null = required check (non-empty) instead of a pattern. */
  pattern: RegExp | null;
}

export const PATTERN_PRESETS: readonly PatternPreset[] = [
  { code: '*', title: '非空', pattern: null },
  { code: 'n6-16', title: '6到16位数字', pattern: /^\d{6,16}$/ },
  { code: '*6-16', title: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/ },
  { code: 's6-18', title: '6到18位字母', pattern: /^[a-zA-Z]{6,18}$/ },
  {
    code: 'url',
    title: '网址',
    pattern: /^(?:([A-Za-z]+):)?(\/{0,3})([0-9.\-A-Za-z]+)(?::(\d+))?(?:\/([^?#]*))?(?:\?([^#]*))?(?:#(.*))?$/,
  },
  { code: 'e', title: '电子邮件', pattern: /^([\w]+\.*)([\w]+)@[\w]+\.\w{3}(\.\w{2}|)$/ },
  { code: 'm', title: '手机号码', pattern: /^1[3-9]\d{9}$/ },
  { code: 'p', title: '邮政编码', pattern: /^\d{6}$/ },
  { code: 's', title: '字母', pattern: /^[A-Za-z]+$/ },
  { code: 'n', title: '数字', pattern: /^-?\d+(\.\d+)?$/ },
  { code: 'z', title: '整数', pattern: /^-?\d+$/ },
  { code: 'money', title: '金额', pattern: /^(0|[1-9]\d*)(\.\d{1,2})?$/ },
];

const byCode = new Map(PATTERN_PRESETS.map((p) => [p.code, p]));
/** Presets are also addressable by their title (e.g. pattern: '手机号码'). */
const byTitle = new Map(PATTERN_PRESETS.map((p) => [p.title, p]));

export function findPreset(codeOrTitle: string): PatternPreset | undefined {
  return byCode.get(codeOrTitle) ?? byTitle.get(codeOrTitle);
}

/** Patterns that mean "unique across rows". */
export const UNIQUE_PATTERNS = new Set(['only', 'unique']);

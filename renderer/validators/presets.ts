/**
 * Form validation presets: one named check per preset, each returning its user-facing message
 * or '' when the value passes. Empty values pass every pattern check; `required` is separate.
 */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export interface PresetPattern {
  regexp: RegExp;
  message: string;
}

const ID_CARD =
  /^(?:[1-9]\d{5}(?:18|19|[23]\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]|[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3})$/;

export const PRESET_PATTERNS: Record<string, PresetPattern> = {
  mobile: { regexp: /^1[34578]\d{9}$/, message: '请输入正确手机号' },
  email: { regexp: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, message: '邮箱格式不正确' },
  naturalNumber: { regexp: /^(?:[0-9]*[1-9][0-9]*|0+)$/, message: '请输入自然数' },
  english: { regexp: /^[A-Za-z]+$/, message: '请输入英文字符' },
  telephone: { regexp: /^\d{3,4}-\d{7,8}$/, message: '请输入正确的座机号' },
  bankCard: { regexp: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' },
  IDNumber: { regexp: /^[a-zA-Z0-9]{0,50}$/, message: '请输入正确的证件号码' },
  IDCard: { regexp: ID_CARD, message: '请输入正确的身份证号码' },
  qq: { regexp: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  url: { regexp: /^https?:\/\/[\w-]+(\.[\w-]+)+(:\d+)?([\w\-.,@?^=%&:/~+#]*)?$/, message: '请输入以http和https开头的网址' },
  enNum0to20: { regexp: /^[a-zA-Z0-9]{0,20}$/, message: '请输入20位以内的英文字符和数字' },
  cnEnSpace2to100: { regexp: /^[a-zA-Z\u4e00-\u9fa5\s*]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  numLinefeed: { regexp: /^[0-9\n*]+$/, message: '请输入数字和换行符' },
  char0to255: { regexp: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
};

/** Checks one preset by name: '' when valid or empty, else the preset's message. */
export function checkPreset(name: string, value: unknown): string {
  const preset = PRESET_PATTERNS[name];
  if (!preset || isEmpty(value)) return '';
  return preset.regexp.test(String(value)) ? '' : preset.message;
}

/** userName: letters, digits, underscore; checked length is 4-18 although the message says 6. */
/** A new user password: 8 to 64 characters with a letter, a digit and a special character (no lookahead needed). */
export function checkStrongPassword(value: unknown, message = '密码由8位数字、大小写字母和特殊符号组成!'): string {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value);
  const strong = text.length >= 8 && text.length <= 64 && /[A-Za-z]/.test(text) && /\d/.test(text) && /[^A-Za-z0-9]/.test(text);
  return strong ? '' : message;
}

export function checkUserName(value: unknown): string {
  if (isEmpty(value)) return '请输入用户名';
  const text = String(value);
  if (!/^\w+$/.test(text)) return '只允许字母、数字、下划线';
  if (text.length < 4 || text.length > 18) return '长度6到18个字符';
  return '';
}

export function checkMobile(value: unknown): string {
  if (isEmpty(value)) return '请输入手机号';
  return checkPreset('mobile', value);
}

export function checkLength(value: unknown, min?: number, max?: number): string {
  const length = isEmpty(value) ? 0 : String(value).length;
  if (min !== undefined && length < min) return `最小长度${min}位字符`;
  if (max !== undefined && length > max) return `最大长度${max}位字符`;
  return '';
}

export function checkChecked(value: unknown, min?: number, max?: number): string {
  const count = Array.isArray(value) ? value.length : isEmpty(value) ? 0 : String(value).split(',').length;
  if (min !== undefined && count < min) return `最少选择${min}项`;
  if (max !== undefined && count > max) return `最多选择${max}项`;
  return '';
}

/** Grid-cell validation presets by short name (n6-16, *6-16, ...) with their titles. */
export const GRID_PATTERNS: Record<string, { title: string; regexp: RegExp }> = {
  'n6-16': { title: '6到16位数字', regexp: /^\d{6,16}$/ },
  '*6-16': { title: '6到16位任意字符', regexp: /^[\s\S]{6,16}$/ },
  's6-18': { title: '6到18位字母', regexp: /^[a-zA-Z]{6,18}$/ },
  url: { title: '网址', regexp: /^((ht|f)tps?):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/ },
  e: { title: '电子邮件', regexp: /^([\w]+\.*)([\w]+)@[\w]+\.\w{3}(\.\w{2}|)$/ },
  m: { title: '手机号码', regexp: /^1[3456789]\d{9}$/ },
  p: { title: '邮政编码', regexp: /^[0-9]{6}$/ },
  s: { title: '字母', regexp: /^[A-Za-z]+$/ },
  n: { title: '数字', regexp: /^-?\d+\.?\d*$/ },
  z: { title: '整数', regexp: /^-?\d+$/ },
  money: { title: '金额', regexp: /^(([1-9][0-9]*)|([0]\.\d{0,2}|[1-9][0-9]*\.\d{0,2}))$/ },
};

/** Every validator name the meta-schema accepts in `x-validator`. */
export const VALIDATOR_NAMES = [
  'mobile',
  'userName',
  ...Object.keys(PRESET_PATTERNS).filter((n) => n !== 'mobile'),
  'lengthRange',
  'checked',
  'duplicateCheck',
  'checkRule',
  'remoteCheck',
] as const;

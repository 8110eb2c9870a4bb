export const PASSWORD_RULE_MESSAGE = '密码由8位数字、大小写字母和特殊符号组成!';

/** New user passwords: at least 8 characters with a letter, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password);
}

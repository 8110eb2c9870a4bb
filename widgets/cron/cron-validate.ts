import { CronExpressionParser } from 'cron-parser';
import { toParserExpression } from './cron-preview';

/** Validator message for a Quartz expression, or null when it is valid (empty passes). */
export function validateCron(value: string | undefined | null): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const parts = text.split(/\s+/);
  if (parts.length > 7) return 'Cron表达式最多7项！';
  if (parts.length < 6) return 'Cron表达式错误：至少需要6项（秒 分 时 日 月 周）';
  if (parts.length === 7) {
    const year = parts[6];
    if (year !== '*' && year !== '?') {
      const numbers = year.split(/[-/,]/);
      if (numbers.some((n) => n === '' || Number.isNaN(Number(n)))) return `Cron表达式参数[年]错误：${year}`;
    }
  }
  try {
    const { expression } = toParserExpression(parts.slice(0, 6).join(' '));
    CronExpressionParser.parse(expression);
  } catch (error) {
    return `Cron表达式错误：${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}

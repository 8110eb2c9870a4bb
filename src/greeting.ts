/** Greeting by hour: before 9, to 11, to 13, before 20, otherwise evening. */
export function greetingFor(date: Date = new Date()): string {
  const hour = date.getHours();
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

export function welcomeBack(date: Date = new Date()): string {
  return `${greetingFor(date)}，欢迎回来`;
}

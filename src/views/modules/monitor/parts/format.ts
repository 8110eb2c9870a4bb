const OFFICE_OFFSET_MS = 8 * 3600_000;

/** "yyyy-MM-dd HH:mm:ss" in the office clock (GMT+8), as the server writes times, whatever the browser's zone. */
function officeTime(ms: number): string {
  return new Date(ms + OFFICE_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(2)} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d ? `${d}天` : ''}${d || h ? `${h}小时` : ''}${m}分${Math.floor(seconds % 60)}秒`;
}

export const formatTime = (ms: number | undefined) => (ms ? officeTime(ms) : '-');
export const formatClock = (ms: number) => officeTime(ms).slice(11);

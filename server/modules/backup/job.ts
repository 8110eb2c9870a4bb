import { basename } from 'node:path';
import type { AppDeps } from '../../core/deps';
import { pruneBackups } from './retention';
import { backupSourceOf, defaultBackupFolder } from './source';
import { writeBackup } from './write';

export const DAILY_BACKUP_JOB = 'org.jeecg.modules.backup.job.DailyBackupJob';
/** names of the job's backups; manual ones (`npm run backup`) are xypj-backup-… and never pruned */
export const DAILY_PREFIX = 'xypj-daily';
export const DEFAULT_KEEP = 7;

function copiesToKeep(parameter: string): number {
  if (parameter === '') return DEFAULT_KEEP;
  const n = Number(parameter);
  if (!Number.isInteger(n) || n < 1 || n > 365) throw new Error(`参数应为保留份数（1-365的整数），当前为：${parameter}`);
  return n;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 数据备份: one backup into BACKUP_DIR (default DATA_DIR/backup), keeping the newest N of this job's copies. */
export async function dailyBackup({ deps, parameter }: { deps: AppDeps; parameter: string }): Promise<string> {
  const keep = copiesToKeep(parameter);
  const source = backupSourceOf(deps.db);
  if (!source) throw new Error('本进程未登记数据库备份来源，无法备份');
  const folder = defaultBackupFolder(deps.config.dataDir);
  const made = await writeBackup(source, folder, DAILY_PREFIX);
  const removed = pruneBackups(folder, DAILY_PREFIX, keep);
  return `备份完成：${basename(made.file)}（${megabytes(made.bytes)}，${made.tables}张表${made.rows}行，${made.files}个文件）；保留最近${keep}份，删除${removed.length}份`;
}

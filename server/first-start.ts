import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SmsSettings } from './core/sms/types';
import type { GeneratedPasswords } from './db/seed/base';
import { DEMO_EXPERT_ACCOUNTS } from './modules/xypj/demo-accounts';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

const ROLE_OF_DEMO: Record<string, string> = { staff: '评价办工作人员', expert: '评审专家', company: '监理企业' };

/** Every demo account with what it is: the base users and the demo reviewers the evaluation data adds. */
export function demoAccounts(baseUsernames: string[]): string {
  const names = baseUsernames.map((u) => (ROLE_OF_DEMO[u] ? `${u} (${ROLE_OF_DEMO[u]})` : u));
  const reviewers = DEMO_EXPERT_ACCOUNTS.map((a) => a.username).filter((u) => !baseUsernames.includes(u));
  if (reviewers.length) names.push(`${reviewers.join(', ')} (${ROLE_OF_DEMO.expert})`);
  return names.join(', ');
}

/** Where the SMS codes of 注册, 手机号登录 and 忘记密码 go. */
export function smsLine(sms: SmsSettings): string {
  const where = '系统管理 → 消息中心 → 短信记录';
  if (sms.provider === 'outbox')
    return `  SMS codes (注册, 手机号登录, 忘记密码) are not sent without SMS_PROVIDER: sign in as admin and read them in ${where}.`;
  const name = sms.provider === 'aliyun' ? 'Alibaba Cloud SMS' : 'Tencent Cloud SMS';
  return `  SMS codes go out through ${name} (SMS_PROVIDER=${sms.provider}); every message is logged in ${where}.`;
}

/** What a new database tells its operator: where it is, how to sign in, where SMS codes appear. */
export function newDatabaseLines(generated: GeneratedPasswords | undefined, where: string, sms?: SmsSettings): string[] {
  const demos = demoAccounts(generated?.demoUsernames ?? []);
  return [
    `New database created (${where}).`,
    generated?.admin ? `  Administrator: admin / ${generated.admin}   (generated)` : '  Administrator: admin / (ADMIN_PASSWORD)',
    generated?.demo ? `  Demo users ${demos}: ${generated.demo}   (generated)` : `  Demo users ${demos}: (DEMO_PASSWORD)`,
    ...(sms ? [smsLine(sms)] : []),
  ];
}

/** Writes the lines to DATA_DIR/initial-credentials.txt with mode 0600; returns the file's path. */
export function saveCredentials(dataDir: string, lines: string[]): string {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, CREDENTIALS_FILE);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

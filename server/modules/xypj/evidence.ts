import { businessError } from '../../core/envelope';
import type { JsonValue } from '../../core/json';

/** Evidence is a PDF or an image the reviewers open in the viewer. */
const EVIDENCE_FILE = /\.(pdf|jpe?g|png)$/i;

export const LICENCE_MISSING_MESSAGE = '请先在单位信息中上传营业执照';

/** The sub-forms of 单位信息 whose rows carry an evidence file, and the column holding it. */
export const EVIDENCE_SUB_FORMS = [
  { property: 'engineerList', title: '注册监理工程师', column: 'certFile', label: '证书文件' },
  { property: 'projectList', title: '监理项目', column: 'proofFile', label: '证明材料' },
  { property: 'awardList', title: '获奖情况', column: 'file', label: '证明文件' },
] as const;

const paths = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [];

function checkFiles(value: unknown, label: string): void {
  if (paths(value).some((path) => !EVIDENCE_FILE.test(path.split('?')[0]!))) throw businessError(`${label}只能是PDF、JPG或PNG文件`);
}

/** Refuses a licence or a sub-form evidence file that is not a PDF, JPG or PNG (rows named as in the sub-table messages). */
export function checkEvidenceFiles(body: Record<string, unknown>): void {
  checkFiles(body.licenseFile, '营业执照');
  for (const form of EVIDENCE_SUB_FORMS) {
    const rows = body[form.property];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, i) => {
      if (row && typeof row === 'object' && !Array.isArray(row))
        checkFiles((row as Record<string, unknown>)[form.column], `${form.title}第${i + 1}行：${form.label}`);
    });
  }
}

/** A company applies only with its business licence on file. */
export function requireLicence(company: Record<string, JsonValue>): void {
  if (!paths(company.licenseFile).length) throw businessError(LICENCE_MISSING_MESSAGE);
}

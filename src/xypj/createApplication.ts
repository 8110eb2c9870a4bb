import { registerAction, type CustomActionContext } from '@renderer/index';
import { attempt, doneOf } from '../api/request';

interface CurrentBatch {
  id: string;
  name: string;
  accepting: boolean;
  notice: string;
}

/**
 * 新建申报: one draft application for the batch open now (GET /xypj/batch/current); the company then
 * attaches its materials with 编辑 and submits.
 */
async function createApplication({ services, notify }: CustomActionContext): Promise<boolean> {
  const current = await attempt(async () => doneOf(await services.http.get<CurrentBatch | null>('/xypj/batch/current')));
  if (!current) return false;
  const batch = current.result;
  if (!batch) {
    // the server answers "no open batch" as an accepted request with no batch and this sentence
    notify.warning(current.message || '当前没有开放申报的批次');
    return false;
  }
  if (!batch.accepting) {
    notify.warning(batch.notice || '当前不在申报时间内');
    return false;
  }
  const created = await attempt(async () => doneOf(await services.http.post('/xypj/application/add', { batchId: batch.id })));
  if (!created) return false;
  notify.success(`已创建${batch.name}的申报，请上传申报材料后提交`);
  return true;
}

export function registerEvaluationActions(): void {
  registerAction('xypj.createApplication', createApplication, { override: true });
}

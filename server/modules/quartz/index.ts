import type { ApiModule } from '../../core/deps';
import { quartzRoutes } from './routes';
import { QuartzScheduler } from './scheduler';
import { seedBackupJob, seedQuartzJobs } from './seed';

/**
 * 定时任务 (see docs/jobs-and-monitoring.md): the entity engine serves the CRUD of sys_quartz_job, this
 * module adds 启动/停止/执行一次/运行记录, seeds the reference jobs and runs the scheduler from ready to close.
 */
export const quartzModule: ApiModule = async (api, deps) => {
  quartzRoutes(api, deps);
  await seedQuartzJobs(deps.db);
  await seedBackupJob(deps.db);
  const scheduler = new QuartzScheduler(deps, (error) => api.log.error({ err: error }, 'scheduled job failed'));
  api.addHook('onReady', async () => scheduler.start());
  api.addHook('onClose', async () => scheduler.stop());
};

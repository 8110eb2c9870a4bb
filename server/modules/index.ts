import type { ApiModule } from '../core/deps';
import { authModule } from './auth';
import { systemCoreModule } from './system';
import { filesModule } from './files';
import { lookupModule } from './lookup';
import { onlineReportModule } from './online';
import { socketModule } from './socket';
import { entityModule } from './entity';
import { adminModule } from './admin';
import { pageSchemaModule } from './pages';
import { xypjModule } from './xypj';
import { recordsModule } from './records';
import { noticeModule } from './notice';
import { rulesModule } from './rules';
import { quartzModule } from './quartz';
import { monitorModule } from './monitor';
import { onlineDesignModule } from './online/design';
import { onlineFormRuntimeModule } from './online/runtime';

/** Every API module, registered in this order under config.apiBase. Add yours here. */
export const API_MODULES: ApiModule[] = [
  authModule,
  systemCoreModule,
  filesModule,
  lookupModule,
  onlineReportModule,
  socketModule,
  entityModule,
  adminModule,
  pageSchemaModule,
  xypjModule,
  recordsModule,
  noticeModule,
  rulesModule,
  quartzModule,
  monitorModule,
  onlineDesignModule,
  onlineFormRuntimeModule,
];

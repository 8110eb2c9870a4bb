import type { Migration } from 'kysely';
import * as m001 from './001_system_core';
import * as m010 from './010_entity_engine';
import * as m020 from './020_upload_files';
import * as m021 from './021_online_report';
import * as m022 from './022_online_report_seed';
import * as m030 from './030_admin_tables';
import * as m035 from './035_position_post_rank';
import * as m040 from './040_xypj_publication';
import * as m050 from './050_data_log';
import * as m060 from './060_fill_rule_seq';
import * as m061 from './061_data_source_secret';
import * as m062 from './062_upload_content';
import * as m070 from './070_quartz_job_run';
import * as m080 from './080_online_form';
import * as m081 from './081_report_chart';
import * as m090 from './090_sms_outbox_delivery';

/**
 * Every migration, by name. A new file NNN_name.ts must be added here too (a test compares this
 * list with the folder); the list is static so the server can run from a bundle.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '001_system_core': m001,
  '010_entity_engine': m010,
  '020_upload_files': m020,
  '021_online_report': m021,
  '022_online_report_seed': m022,
  '030_admin_tables': m030,
  '035_position_post_rank': m035,
  '040_xypj_publication': m040,
  '050_data_log': m050,
  '060_fill_rule_seq': m060,
  '061_data_source_secret': m061,
  '062_upload_content': m062,
  '070_quartz_job_run': m070,
  '080_online_form': m080,
  '081_report_chart': m081,
  '090_sms_outbox_delivery': m090,
};

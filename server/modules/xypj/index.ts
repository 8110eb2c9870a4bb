import type { ApiModule } from '../../core/deps';
import { applicationBeforeWrite, applicationRoutes } from './application-routes';
import { assignmentRoutes } from './assignment-routes';
import { reviewRoutes } from './review-routes';
import { scoreSheetBeforeWrite, scoringRoutes } from './scoring-routes';
import { placeDemoReviewersInDepartment, seedXypjScoringData } from './seed-scoring';
import { batchBeforeWrite, batchRoutes, criteriaBeforeWrite } from './batch-routes';
import { closeLeftovers } from './batch-guards';
import { certificateBeforeWrite, certificateRoutes } from './certificate-routes';
import { companyBeforeWrite, companyRoutes } from './company-routes';
import { dashboardRoute } from './dashboard-route';
import { objectionBeforeWrite } from './objection';
import { installAfterSuccess, withObjectionNotice } from './notify-objection';
import { expertBeforeWrite, expertRoutes } from './expert-routes';
import { publicRoutes } from './public-routes';
import { pushLoginRoute } from './push-login-route';
import { companyAccountReason, registerRoute } from './register-route';
import { registerInactiveAccountReason } from '../auth/inactive-accounts';
import { registerXypjScopes } from './scopes';
import { publishingRoutes, registerPublishingPolicies } from './publishing-routes';
import { seedXypjNews } from './news-seed';
import { publicNewsRoutes } from './public-news-routes';
import { seedXypjDemoFiles } from './seed-files';
import { seedXypjDemoEvidence } from './seed-evidence';
import { seedXypjDemoData } from './seed';
import { seedPublishedBatch } from './seed-published';
import { seedNoticeTemplates } from './notify-templates';

/**
 * The credit evaluation business (the yearly cycle up to the review): row scopes and write checks of
 * the xypj entity tables, company review, batch moves, application submit and formal review,
 * expert assignment, scoring and review (results),
 * company registration, and the demo data of a fresh database. Registered after the entity module.
 */
export const xypjModule: ApiModule = async (api, deps) => {
  registerXypjScopes(deps.db, {
    xypj_company: companyBeforeWrite,
    xypj_batch: batchBeforeWrite,
    xypj_criteria: criteriaBeforeWrite,
    xypj_application: applicationBeforeWrite,
    xypj_expert: expertBeforeWrite,
    xypj_score_sheet: scoreSheetBeforeWrite,
    xypj_score_item: scoreSheetBeforeWrite,
    xypj_certificate: certificateBeforeWrite,
    xypj_objection: withObjectionNotice(objectionBeforeWrite),
  });
  registerPublishingPolicies(deps.db);
  installAfterSuccess(api);
  companyRoutes(api, deps);
  batchRoutes(api, deps);
  applicationRoutes(api, deps);
  expertRoutes(api, deps);
  registerRoute(api, deps);
  registerInactiveAccountReason('xypj_company', companyAccountReason);
  dashboardRoute(api, deps);
  assignmentRoutes(api, deps);
  scoringRoutes(api, deps);
  reviewRoutes(api, deps);
  publishingRoutes(api, deps);
  certificateRoutes(api, deps);
  publicRoutes(api, deps);
  publicNewsRoutes(api, deps);
  pushLoginRoute(api, deps);
  await seedXypjDemoData(deps.db);
  await seedXypjScoringData(deps.db);
  await placeDemoReviewersInDepartment(deps.db);
  await seedPublishedBatch(deps.db);
  await closeLeftovers(deps.db);
  await seedXypjNews(deps.db);
  await seedXypjDemoFiles(deps.db);
  await seedNoticeTemplates(deps.db);
  await seedXypjDemoEvidence(deps.db);
};

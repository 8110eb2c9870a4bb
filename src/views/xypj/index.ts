import { hasView, registerView, type ViewComponent } from '@renderer/index';
import { XYPJ_VIEW_NAMES, type XypjViewName } from './view-names';

/**
 * - XypjReasonDialog: asks a required reason and posts it with the row's id (驳回, 退回, 未通过); see ReasonDialogProps.
 * - XypjApplicationReview: an application's unit-information snapshot and its materials (形式审查).
 * - XypjCompanyDetail: a company with its five sub-lists as they are now (企业管理 详情).
 */
const LOADERS: Record<XypjViewName, () => Promise<ViewComponent>> = {
  XypjReasonDialog: () => import('./ReasonDialog').then((m) => m.default),
  XypjApplicationReview: () => import('./ApplicationReview').then((m) => m.default),
  XypjCompanyDetail: () => import('./CompanyDetail').then((m) => m.default),
};

/** Register the credit-evaluation views. Safe to call more than once. */
export function registerXypjViews(): void {
  for (const name of XYPJ_VIEW_NAMES) if (!hasView(name)) registerView(name, { load: LOADERS[name] });
}

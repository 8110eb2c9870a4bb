import { hasView, registerView, type ViewComponent } from '@renderer/index';
import { XYPJ_VIEW_NAMES, type XypjViewName } from './view-names';

/**
 * - XypjReasonDialog: asks a required reason and posts it with the row's id (驳回, 退回, 未通过); see ReasonDialogProps.
 * - XypjApplicationReview: an application's unit-information snapshot and its materials (形式审查).
 * - XypjCompanyDetail: a company with its five sub-lists as they are now (企业管理 详情).
 * - XypjAssignment: 专家分配 page (the current batch's applications, 分配专家, 一键分配).
 * - XypjScoreSheet: 打分 dialog of the expert's own sheet, beside the snapshot and materials.
 * - XypjScoreReview: 复核 dialog (experts' scores side by side, 退回 one sheet, 确认复核 and the result).
 * - XypjCertificateSeal: 证书印章设置 (the seal image drawn on the certificate PDFs).
 * - XypjBatchTransition: a batch move with the server's preview (blockers, effects) and 提前截止申报.
 */
const LOADERS: Record<XypjViewName, () => Promise<ViewComponent>> = {
  XypjReasonDialog: () => import('./ReasonDialog').then((m) => m.default),
  XypjApplicationReview: () => import('./ApplicationReview').then((m) => m.default),
  XypjCompanyDetail: () => import('./CompanyDetail').then((m) => m.default),
  XypjAssignment: () => import('./Assignment').then((m) => m.default),
  XypjScoreSheet: () => import('./ScoreSheet').then((m) => m.default),
  XypjScoreReview: () => import('./ScoreReview').then((m) => m.default),
  XypjBatchTransition: () => import('./BatchTransition').then((m) => m.default),
  XypjCertificateSeal: () => import('./CertificateSealDialog').then((m) => m.default),
};

/** Register the credit-evaluation views. Safe to call more than once. */
export function registerXypjViews(): void {
  for (const name of XYPJ_VIEW_NAMES) if (!hasView(name)) registerView(name, { load: LOADERS[name] });
}

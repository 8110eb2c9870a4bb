/** The credit-evaluation views a page schema may place by name; the schema validator reads this list. */
export const XYPJ_VIEW_NAMES = [
  'XypjReasonDialog',
  'XypjApplicationReview',
  'XypjCompanyDetail',
  'XypjAssignment',
  'XypjScoreSheet',
  'XypjScoreReview',
  'XypjBatchTransition',
  'XypjCertificateSeal',
] as const;

export type XypjViewName = (typeof XYPJ_VIEW_NAMES)[number];

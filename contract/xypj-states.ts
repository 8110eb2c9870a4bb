/**
 * The states of the credit evaluation and their texts, as the server names them in its answers and refusals and the
 * client shows them. The dictionaries xypj_batch_state, xypj_application_state and xypj_sheet_state (schemas/dicts)
 * hold the same texts for lists and exports; a unit test keeps them equal.
 */

/** The yearly cycle of a batch; it moves one step forward at a time. */
export const BATCH_STATES = ['draft', 'open', 'reviewing', 'publicity', 'published', 'closed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const BATCH_STATE_TEXT: Readonly<Record<string, string>> = {
  draft: '草稿',
  open: '申报中',
  reviewing: '评审中',
  publicity: '公示中',
  published: '已发布',
  closed: '已关闭',
} satisfies Record<BatchState, string>;

/** A company's application in a batch, in cycle order. */
export const APPLICATION_STATES = [
  'draft',
  'submitted',
  'returned',
  'accepted',
  'assigned',
  'scored',
  'reviewed',
  'published',
  'closed',
  'withdrawn',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const APPLICATION_STATE_TEXT: Readonly<Record<string, string>> = {
  draft: '草稿',
  submitted: '已提交',
  returned: '已退回',
  accepted: '已受理',
  assigned: '已分配',
  scored: '已打分',
  reviewed: '已复核',
  published: '已发布',
  closed: '已截止',
  withdrawn: '已撤回',
} satisfies Record<ApplicationState, string>;

/** An expert's score sheet of one application. */
export const SHEET_STATES = ['draft', 'submitted', 'returned', 'closed'] as const;
export type SheetState = (typeof SHEET_STATES)[number];

export const SHEET_STATE_TEXT: Readonly<Record<string, string>> = {
  draft: '草稿',
  submitted: '已提交',
  returned: '已退回',
  closed: '已截止',
} satisfies Record<SheetState, string>;

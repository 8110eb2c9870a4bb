/** What GET /xypj/dashboard/summary answers, and the tiles the home page makes of it. */
import { APPLICATION_STATE_TEXT, APPLICATION_STATES as APPLICATION_STATE_ORDER, type ApplicationState } from '@contract/xypj-states';

export interface BatchFigures {
  batch: { id: string; name: string; year: number; state: string } | null;
  applications: Record<string, number>;
  grades: Record<string, number>;
  averageScore: number | null;
}

export interface ExpertProgressRow {
  expertId: string;
  name: string;
  assigned: number;
  submitted: number;
  returned: number;
}

export interface Summary extends BatchFigures {
  companies: Record<string, number>;
  experts: ExpertProgressRow[];
  lastYear: BatchFigures | null;
}

export interface Tile {
  key: string;
  title: string;
  value: number | string;
  to: string;
  /** last year's figure, shown under the value */
  before?: number | string;
}

export const GRADES = ['AAA', 'AA', 'A', 'B', 'C'] as const;

/** The list each application-state tile opens. */
const APPLICATION_LIST: Record<ApplicationState, string> = {
  draft: '/xypj/formalReview',
  submitted: '/xypj/formalReview',
  returned: '/xypj/formalReview',
  accepted: '/xypj/assignment',
  assigned: '/xypj/assignment',
  scored: '/xypj/scoreReview',
  reviewed: '/xypj/result',
  published: '/xypj/result',
  closed: '/xypj/formalReview',
  withdrawn: '/xypj/scoreReview',
};

/** Application states in cycle order, with their text and the list each tile opens. */
export const APPLICATION_STATES: ReadonlyArray<readonly [ApplicationState, string, string]> = APPLICATION_STATE_ORDER.map(
  (state) => [state, APPLICATION_STATE_TEXT[state], APPLICATION_LIST[state]] as const,
);

export function companyTiles(companies: Record<string, number>): Tile[] {
  return [
    { key: 'registered', title: '注册企业', value: companies.registered ?? 0, to: '/xypj/company' },
    { key: 'pending', title: '待审核企业', value: companies.pending ?? 0, to: '/xypj/company' },
    { key: 'approved', title: '已通过企业', value: companies.approved ?? 0, to: '/xypj/company' },
  ];
}

export function applicationTiles(applications: Record<string, number>): Tile[] {
  return APPLICATION_STATES.map(([state, text, to]) => ({ key: state, title: `申报${text}`, value: applications[state] ?? 0, to }));
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const SUBMITTED_STATES = ['submitted', 'accepted', 'assigned', 'scored', 'reviewed', 'published'];
const submittedOf = (counts: Record<string, number>) => SUBMITTED_STATES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);

/** This batch against last year's: applications submitted, results, AAA companies, average score. */
export function comparisonTiles(current: BatchFigures, last: BatchFigures | null): Tile[] {
  const dash = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v);
  return [
    {
      key: 'cmp-submitted',
      title: '提交申报',
      value: submittedOf(current.applications),
      before: last ? submittedOf(last.applications) : '-',
      to: '/xypj/formalReview',
    },
    { key: 'cmp-results', title: '评价结果', value: total(current.grades), before: last ? total(last.grades) : '-', to: '/xypj/result' },
    { key: 'cmp-aaa', title: 'AAA级企业', value: current.grades.AAA ?? 0, before: last ? (last.grades.AAA ?? 0) : '-', to: '/xypj/result' },
    {
      key: 'cmp-average',
      title: '平均得分',
      value: dash(current.averageScore),
      before: last ? dash(last.averageScore) : '-',
      to: '/xypj/result',
    },
  ];
}

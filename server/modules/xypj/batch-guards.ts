import { sql } from 'kysely';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { officeToday } from './caller';

type Batch = Record<string, JsonValue>;

/** What a batch move needs and does: refused while `blockers` is not empty; `effects` happen on the move. */
export interface MovePlan {
  blockers: string[];
  effects: string[];
  /** 进入评审 before the application window ends: allowed as 提前截止申报 with a reason. */
  windowOpen: boolean;
}

interface AppRow {
  state: string;
  companyName: string | null;
}

/** Applications a closed window leaves unsubmitted: they get the state `closed` (已截止). */
export const UNSUBMITTED_STATES = ['draft', 'returned'];

/** Accepted applications the office may drop (撤回) before publicity. */
export const WITHDRAWABLE_STATES = ['accepted', 'assigned', 'scored', 'reviewed'];

/** What keeps a batch from publicity, per application state (an application is finished when reviewed or withdrawn). */
const UNFINISHED: ReadonlyArray<readonly [string, string]> = [
  ['submitted', '已提交未受理'],
  ['accepted', '已受理未分配专家'],
  ['assigned', '专家评分未完成'],
  ['scored', '已打分未复核'],
];

const NAMES_SHOWN = 5;

/** 「还有2份申报已打分未复核：企业A、企业B」: the count and the first few companies. */
function countedBlocker(rows: AppRow[], what: string): string {
  const names = rows.slice(0, NAMES_SHOWN).map((r) => r.companyName ?? '（未命名企业）');
  return `还有${rows.length}份申报${what}：${names.join('、')}${rows.length > NAMES_SHOWN ? '等' : ''}`;
}

async function applicationsOf(db: Db, batchId: string): Promise<AppRow[]> {
  const res = await sql<AppRow>`select state, company_name as "companyName" from xypj_application where batch_id = ${batchId}
    order by submit_time asc nulls last, id asc`.execute(db);
  return res.rows;
}

const inStates = (rows: AppRow[], states: readonly string[]) => rows.filter((r) => states.includes(r.state));

async function toReviewing(db: Db, batch: Batch, today: string): Promise<MovePlan> {
  const apps = await applicationsOf(db, String(batch.id));
  const end = String(batch.applyEnd ?? '');
  const windowOpen = !end || today <= end;
  const blockers = windowOpen
    ? [end ? `申报期尚未结束（${end}截止），如需提前截止申报请填写原因` : '批次未设置申报截止日期，如需截止申报请填写原因']
    : [];
  const effects: string[] = [];
  const closing = inStates(apps, UNSUBMITTED_STATES).length;
  if (closing) effects.push(`${closing}份草稿或已退回未重新提交的申报将被截止，企业不能再修改和提交`);
  const waiting = inStates(apps, ['submitted']).length;
  if (waiting) effects.push(`${waiting}份已提交的申报仍待受理`);
  effects.push('企业不能再新建或提交申报');
  return { blockers, effects, windowOpen };
}

async function toPublicity(db: Db, batch: Batch): Promise<MovePlan> {
  const apps = await applicationsOf(db, String(batch.id));
  const blockers = UNFINISHED.map(([state, what]) => [inStates(apps, [state]), what] as const)
    .filter(([rows]) => rows.length)
    .map(([rows, what]) => countedBlocker(rows, what));
  const reviewed = inStates(apps, ['reviewed']).length;
  if (!reviewed && !blockers.length) blockers.push('没有已复核的申报，不能开始公示');
  const effects: string[] = [];
  if (reviewed) effects.push(`${reviewed}份已复核申报的评价结果将在结果公示中公开`);
  const closing = inStates(apps, UNSUBMITTED_STATES).length;
  if (closing) effects.push(`${closing}份未提交的申报将被截止`);
  effects.push('专家评分表和复核结果不能再修改');
  return { blockers, effects, windowOpen: false };
}

async function toPublished(db: Db, batch: Batch, today: string): Promise<MovePlan> {
  const batchId = String(batch.id);
  const blockers: string[] = [];
  const end = String(batch.publicityEnd ?? '');
  if (!end) blockers.push('批次未设置公示截止日期，请先设置公示时间');
  else if (today <= end) blockers.push(`公示期尚未结束（${end}截止）`);
  const open = await sql<{ companyName: string | null }>`select company_name as "companyName" from xypj_objection
    where batch_id = ${batchId} and state = 'open' order by create_time asc, id asc`.execute(db);
  if (open.rows.length) {
    const names = open.rows.slice(0, NAMES_SHOWN).map((r) => r.companyName ?? '（未填写企业）');
    blockers.push(`还有${open.rows.length}条异议未答复：${names.join('、')}${open.rows.length > NAMES_SHOWN ? '等' : ''}`);
  }
  const counts = await sql<{ results: number | string; uncertified: number | string }>`select count(*) as results,
      count(*) filter (where certificate_id is null) as uncertified from xypj_result where batch_id = ${batchId}`.execute(db);
  const results = Number(counts.rows[0]?.results ?? 0);
  const uncertified = Number(counts.rows[0]?.uncertified ?? 0);
  return { blockers, effects: [`${results}份评价结果将发布，颁发${uncertified}张证书`], windowOpen: false };
}

/**
 * The preconditions and consequences of moving `batch` to `to` (one step forward, already checked).
 * 开启申报 and 关闭批次 keep their own checks in the route.
 */
export async function movePlan(db: Db, batch: Batch, to: string, today = officeToday()): Promise<MovePlan> {
  if (to === 'reviewing') return await toReviewing(db, batch, today);
  if (to === 'publicity') return await toPublicity(db, batch);
  if (to === 'published') return await toPublished(db, batch, today);
  return { blockers: [], effects: [], windowOpen: false };
}

/**
 * What a move does to the applications and sheets, inside its transaction: unsubmitted applications
 * of a closed window become `closed`; at publicity every sheet not submitted becomes `closed` too.
 */
export async function applyMoveEffects(db: Db, batchId: string, to: string, username: string, now: Date): Promise<void> {
  if (to === 'reviewing' || to === 'publicity') {
    await sql`update xypj_application set state = 'closed', update_by = ${username}, update_time = ${now}
      where batch_id = ${batchId} and state in (${sql.join(UNSUBMITTED_STATES)})`.execute(db);
  }
  if (to === 'publicity') {
    await sql`update xypj_score_sheet set state = 'closed', update_by = ${username}, update_time = ${now}
      where batch_id = ${batchId} and state <> 'submitted'`.execute(db);
  }
}

/**
 * Rows left open by batches that moved before the moves were guarded: drafts of a batch no longer open,
 * returned applications of a batch in publicity or later, and unsubmitted sheets of a batch past 评审中
 * or of a withdrawn application become `closed`, as a move now leaves them. Idempotent; run at start.
 */
export async function closeLeftovers(db: Db): Promise<void> {
  const now = new Date();
  await sql`update xypj_application a set state = 'closed', update_by = 'system', update_time = ${now} from xypj_batch b
    where b.id = a.batch_id and ((a.state = 'draft' and b.state <> 'open') or (a.state = 'returned' and b.state in ('publicity', 'published', 'closed')))`.execute(
    db,
  );
  await sql`update xypj_score_sheet s set state = 'closed', update_by = 'system', update_time = ${now} from xypj_batch b, xypj_application a
    where b.id = s.batch_id and a.id = s.application_id and s.state <> 'submitted' and s.state <> 'closed'
      and (b.state not in ('open', 'reviewing') or a.state = 'withdrawn')`.execute(db);
}

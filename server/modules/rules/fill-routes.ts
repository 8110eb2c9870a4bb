import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, optionalBodySchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { registerEntityPolicy } from '../entity/policies';
import { composeValue, dateParts, parseFillParams, periodOf, type FillRuleParams } from './fill-generator';

export const FILL_RULE_PERMISSION = { test: 'system:fillRule:test' } as const;
const MAX_BATCH = 50;

async function ruleParams(db: Db, ruleCode: string): Promise<FillRuleParams> {
  const res = await sql<{ rule_params: string | null }>`select rule_params from sys_fill_rule where rule_code = ${ruleCode}`.execute(db);
  const row = res.rows[0];
  if (!row) throw businessError(`填值规则不存在：${ruleCode}`);
  try {
    return parseFillParams(row.rule_params);
  } catch (error) {
    throw businessError(`填值规则 ${ruleCode} 的参数有误：${(error as Error).message}`);
  }
}

/**
 * Takes the next number of the rule in the current period: the counter row is created if missing,
 * then locked (SELECT … FOR UPDATE) and raised inside one transaction, so concurrent callers get
 * distinct consecutive numbers and a failed transaction leaves no gap.
 */
export async function nextFillValue(db: Db, ruleCode: string, now = new Date()): Promise<string> {
  const params = await ruleParams(db, ruleCode);
  const parts = dateParts(now);
  const period = periodOf(params.reset, parts);
  const seq = await db.transaction().execute(async (tx) => {
    await sql`insert into sys_fill_rule_seq (rule_code, period, seq, update_time) values (${ruleCode}, ${period}, 0, ${now})
      on conflict (rule_code, period) do nothing`.execute(tx);
    const cur = await sql<{
      seq: number | string;
    }>`select seq from sys_fill_rule_seq where rule_code = ${ruleCode} and period = ${period} for update`.execute(tx);
    const next = Number(cur.rows[0]!.seq) + 1;
    await sql`update sys_fill_rule_seq set seq = ${next}, update_time = ${now} where rule_code = ${ruleCode} and period = ${period}`.execute(
      tx,
    );
    return next;
  });
  return composeValue(params, parts, seq);
}

/** The value the next call would give, without taking it. */
export async function previewFillValue(db: Db, ruleCode: string, now = new Date()): Promise<string> {
  const params = await ruleParams(db, ruleCode);
  const parts = dateParts(now);
  const period = periodOf(params.reset, parts);
  const cur = await sql<{
    seq: number | string;
  }>`select seq from sys_fill_rule_seq where rule_code = ${ruleCode} and period = ${period}`.execute(db);
  return composeValue(params, parts, Number(cur.rows[0]?.seq ?? 0) + 1);
}

/** rule_params must parse as a fill rule before it is saved. */
function registerFillRulePolicy(): void {
  registerEntityPolicy('sys_fill_rule', {
    beforeWrite: async ({ mode, body }) => {
      if (mode === 'delete' || body.ruleParams === undefined) return;
      const value = body.ruleParams;
      if (value !== null && typeof value !== 'string') throw businessError('规则参数必须是JSON文本');
      try {
        parseFillParams(value);
      } catch (error) {
        throw businessError(`规则参数有误：${(error as Error).message}`);
      }
    },
  });
}

const CODE = text('规则Code', 100, { minLength: 1 });

/** 功能测试 (preview), executeRuleByCode and executeRuleByCodeBatch (take numbers), beside the entity CRUD. */
export function fillRuleRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerFillRulePolicy();

  api.get<{ Querystring: { ruleCode: string } }>(
    '/sys/fillRule/testFillRule',
    { config: { permission: FILL_RULE_PERMISSION.test }, schema: { querystring: objectSchema({ ruleCode: CODE }, ['ruleCode']) } },
    async (request) => ok(await previewFillValue(db, request.query.ruleCode)),
  );

  const execute = async (ruleCode: string) => ok(await nextFillValue(db, ruleCode));
  const params = { params: objectSchema({ ruleCode: CODE }, ['ruleCode']) };
  api.get<{ Params: { ruleCode: string } }>(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    { config: { authenticated: true }, schema: params },
    (request) => execute(request.params.ruleCode),
  );
  // the form's values come along in the body (JeecgBoot's putAction); the rule does not read them
  api.put<{ Params: { ruleCode: string } }>(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    { config: { authenticated: true }, schema: { ...params, body: optionalBodySchema() } },
    (request) => execute(request.params.ruleCode),
  );

  api.put<{ Body: { rules: { ruleCode: string }[] } }>(
    '/sys/fillRule/executeRuleByCodeBatch',
    {
      config: { authenticated: true },
      schema: {
        body: objectSchema(
          {
            commonFormData: { type: 'object' },
            rules: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_BATCH,
              items: objectSchema({ ruleCode: CODE, formData: { type: 'object' } }, ['ruleCode']),
            },
          },
          ['rules'],
        ),
      },
    },
    async (request) => {
      const out: { ruleCode: string; result: string }[] = [];
      for (const rule of request.body.rules) out.push({ ruleCode: rule.ruleCode, result: await nextFillValue(db, rule.ruleCode) });
      return ok(out);
    },
  );
}

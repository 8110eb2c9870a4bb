import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { creditCodeCheckChar, idCardCheckChar } from '../../../contract/id-numbers';
import { officeToday } from './caller';
import { EVIDENCE_PLACEHOLDER } from './seed-evidence';
import { definitionOf } from './records';

const SEED_KEY = 'xypj:demo-data';
const DEMO_COMPANY_USER = 'u_demo_company';
const DEMO_EXPERT_USER = 'u_demo_expert';

type Row = Record<string, string | number | Date | null>;

const CITIES = ['贵阳', '遵义', '六盘水', '安顺', '毕节', '铜仁', '凯里', '都匀', '兴义', '仁怀'];
/** GB/T 2260 code of a district of each city above (所在地区). */
const CITY_AREAS = ['520102', '520302', '520201', '520402', '520502', '520602', '522601', '522701', '522301', '520382'];
const WORDS = ['建设', '工程', '华信', '正元', '宏达', '诚信', '远航', '中建', '鼎盛', '恒通'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '强', '军', '洋', '勇', '艳', '杰'];

export const seedId = (kind: string, n: number) => `xypj_${kind}_${String(n).padStart(3, '0')}`;

/** A valid unified social credit code for the n-th demo company. */
export function demoCreditCode(n: number): string {
  const first17 = `91520100${String(710000000 + n * 7919).slice(0, 9)}`;
  return first17 + creditCodeCheckChar(first17);
}

/** A valid ID card number for the n-th demo person. */
export function demoIdCard(n: number): string {
  const birth = `19${70 + (n % 25)}${String((n % 12) + 1).padStart(2, '0')}${String((n % 27) + 1).padStart(2, '0')}`;
  const first17 = `520102${birth}${String(100 + (n % 900)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

const day = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const personName = (n: number) =>
  SURNAMES[n % SURNAMES.length]! + GIVEN[(n * 7) % GIVEN.length]! + (n % 3 === 0 ? GIVEN[(n * 5 + 1) % GIVEN.length]! : '');

async function insertRows(db: Db, table: string, rows: Row[], now: Date): Promise<void> {
  if (!rows.length) return;
  const def = definitionOf(table);
  const columnOf = new Map(def.fields.map((f) => [f.property, f.column]));
  const props = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = [...props.map((p) => columnOf.get(p) ?? p), 'create_by', 'create_time'];
  const values = rows.map((r) => sql`(${sql.join([...props.map((p) => r[p] ?? null), 'system', now])})`);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(values)}`.execute(db);
}

const CRITERIA_ITEMS: Array<[string, string, number, string]> = [
  ['基本情况', '资质等级', 10, '综合资质10分，甲级8分，乙级6分，丙级4分'],
  ['基本情况', '注册监理工程师配备', 15, '按注册监理工程师人数计分'],
  ['工程业绩', '近三年监理业绩', 20, '按完成项目的规模和数量计分'],
  ['工程业绩', '获奖情况', 10, '国家级5分，省级3分，市级1分，累计不超过10分'],
  ['企业管理', '质量安全管理', 15, '质量安全管理体系健全、运行有效'],
  ['企业管理', '合同履约', 10, '按合同履约评价计分'],
  ['财务状况', '营业收入与纳税', 10, '按近两年营业收入和纳税额计分'],
  ['社会信用', '社会责任与诚信', 10, '无不良行为记录得满分'],
];

/** The criteria template and the batches of last year (in review) and this year (open). */
async function seedCriteriaAndBatches(tx: Db, today: string, year: number, now: Date): Promise<void> {
  await insertRows(tx, 'xypj_criteria', [{ id: seedId('criteria', 1), name: '监理企业信用评价标准', remark: '各项分值合计100分' }], now);
  await insertRows(
    tx,
    'xypj_criteria_item',
    CRITERIA_ITEMS.map(([category, item, maxScore, guide], i) => ({
      id: seedId('crit_item', i + 1),
      criteriaId: seedId('criteria', 1),
      category,
      item,
      maxScore,
      guide,
      orderNum: i + 1,
    })),
    now,
  );
  const lastYear = {
    applyStart: `${year - 1}-03-01`,
    applyEnd: `${year - 1}-04-30`,
    reviewStart: `${year - 1}-05-10`,
    reviewEnd: `${year - 1}-06-30`,
    publicityStart: `${year - 1}-07-05`,
    publicityEnd: `${year - 1}-07-15`,
  };
  const applyEnd = day(today, 45);
  const thisYear = {
    applyStart: day(today, -30),
    applyEnd,
    reviewStart: day(applyEnd, 10),
    reviewEnd: day(applyEnd, 60),
    publicityStart: day(applyEnd, 65),
    publicityEnd: day(applyEnd, 75),
  };
  await insertRows(
    tx,
    'xypj_batch',
    [
      {
        id: seedId('batch', year - 1),
        name: `${year - 1}年度监理企业信用评价`,
        year: year - 1,
        ...lastYear,
        criteriaId: seedId('criteria', 1),
        expertsPerApplication: 3,
        state: 'reviewing',
      },
      {
        id: seedId('batch', year),
        name: `${year}年度监理企业信用评价`,
        year,
        ...thisYear,
        criteriaId: seedId('criteria', 1),
        expertsPerApplication: 3,
        state: 'open',
      },
    ],
    now,
  );
}

/** 30 companies (the first owned by the demo `company` user when it exists) and their sub-form rows. */
function companyRows(year: number, demoCompany: boolean) {
  const companies: Row[] = [];
  const engineers: Row[] = [];
  const projects: Row[] = [];
  const awards: Row[] = [];
  const badRecords: Row[] = [];
  const finances: Row[] = [];
  for (let n = 1; n <= 30; n++) {
    const id = seedId('company', n);
    const city = CITIES[n % CITIES.length]!;
    const status = n === 29 ? 'pending' : n === 30 ? 'rejected' : n === 28 ? 'frozen' : 'approved';
    const demo = n === 1 && demoCompany;
    companies.push({
      id,
      name: n === 1 ? '演示监理企业有限公司' : `${city}${WORDS[n % WORDS.length]}工程监理有限公司${n > 10 ? `（${n}）` : ''}`,
      creditCode: demoCreditCode(n),
      legalPerson: personName(n + 100),
      registeredCapital: 500 + n * 50,
      establishDate: `${1995 + (n % 25)}-0${(n % 9) + 1}-15`,
      areaCode: CITY_AREAS[n % CITY_AREAS.length]!,
      address: `${city}市观山湖区金阳南路${n}号`,
      qualLevel: String((n % 5) + 1),
      qualCertNo: `E152${String(100000 + n)}`,
      contact: personName(n + 200),
      mobile: `139${String(10000000 + n * 37).slice(0, 8)}`,
      email: `contact${n}@example.com`,
      licenseFile: EVIDENCE_PLACEHOLDER.licence,
      status,
      rejectReason: status === 'rejected' ? '营业执照扫描件不清晰，请重新注册' : null,
      userId: demo ? DEMO_COMPANY_USER : null,
      username: demo ? 'company' : null,
    });
    for (let k = 1; k <= 2; k++) {
      const p = n * 10 + k;
      engineers.push({
        id: seedId(`eng_${n}`, k),
        companyId: id,
        name: personName(p),
        idCard: demoIdCard(p),
        certNo: `52${String(1000000 + p)}`,
        specialty: String((p % 6) + 1),
        registerDate: `${2010 + (p % 12)}-06-01`,
        certFile: EVIDENCE_PLACEHOLDER.engineer,
      });
      projects.push({
        id: seedId(`prj_${n}`, k),
        companyId: id,
        name: `${city}市${['人民医院门诊楼', '第二中学教学楼', '城市快速路', '污水处理厂', '保障性住房'][p % 5]}${k === 1 ? '' : '二期'}工程`,
        projectType: String((p % 5) + 1),
        investment: 3000 + p * 10,
        supervisionFee: 60 + p,
        startDate: `${year - 3}-03-01`,
        endDate: k === 1 ? `${year - 1}-10-30` : null,
        projectState: k === 1 ? '2' : '1',
        proofFile: EVIDENCE_PLACEHOLDER.project,
      });
    }
    if (n % 3 === 0)
      awards.push({
        id: seedId('award', n),
        companyId: id,
        name: '优质工程监理奖',
        awardLevel: String((n % 3) + 1),
        awardDate: `${year - 1}-12-01`,
        issuer: '省住房和城乡建设厅',
        file: EVIDENCE_PLACEHOLDER.award,
      });
    if (n % 7 === 0)
      badRecords.push({
        id: seedId('bad', n),
        companyId: id,
        description: '施工现场监理人员不到岗',
        recordDate: `${year - 1}-08-20`,
        authority: `${city}市住房和城乡建设局`,
        penalty: '通报批评',
        deduction: 2,
      });
    for (const y of [year - 2, year - 1])
      finances.push({ id: seedId(`fin_${n}`, y), companyId: id, year: y, revenue: 1200 + n * 30, taxPaid: 60 + n });
  }
  return { companies, engineers, projects, awards, badRecords, finances };
}

/** 8 experts (the first is the demo `expert` user when it exists), each with two materials. */
function expertRows(demoExpert: boolean) {
  const experts: Row[] = [];
  const materials: Row[] = [];
  for (let n = 1; n <= 8; n++) {
    const demo = n === 1 && demoExpert;
    const id = seedId('expert', n);
    experts.push({
      id,
      name: n === 1 ? '评审专家' : personName(n + 300),
      idCard: demoIdCard(n + 500),
      mobile: `137${String(20000000 + n * 41).slice(0, 8)}`,
      title: String((n % 3) + 1),
      specialty: String((n % 6) + 1),
      workUnit: n === 2 ? '遵义建设工程监理有限公司' : ['贵州大学', '省建筑设计研究院', '省建设工程质量监督站'][n % 3],
      workYears: 10 + n,
      status: '1',
      userId: demo ? DEMO_EXPERT_USER : null,
      username: demo ? 'expert' : null,
    });
    materials.push({
      id: seedId(`mat_${n}`, 1),
      expertId: id,
      materialType: '1',
      title: '职称证书',
      fileUrl: `xypj/expert/${n}/title.pdf`,
      checkState: n <= 6 ? '1' : '0',
    });
    materials.push({
      id: seedId(`mat_${n}`, 2),
      expertId: id,
      materialType: '2',
      title: '注册监理工程师证书',
      fileUrl: `xypj/expert/${n}/cert.pdf`,
      checkState: n === 8 ? '2' : '1',
      checkRemark: n === 8 ? '证书已过有效期' : null,
    });
  }
  return { experts, materials };
}

/** This year's applications in each state and last year's accepted ones. */
function applicationRows(companies: Row[], year: number, now: Date): Row[] {
  const applications: Row[] = [];
  const stateOf = (n: number) =>
    n === 1 ? 'draft' : n <= 4 ? 'draft' : n <= 10 ? 'submitted' : n <= 12 ? 'returned' : n <= 20 ? 'accepted' : null;
  for (const c of companies.slice(0, 20)) {
    const n = Number(String(c.id).slice(-3));
    const state = stateOf(n)!;
    const submitted = state !== 'draft';
    applications.push({
      id: seedId(`app_${year}`, n),
      batchId: seedId('batch', year),
      companyId: c.id,
      companyName: c.name,
      creditCode: c.creditCode,
      state,
      materials: `xypj/application/${n}/申报材料.pdf`,
      snapshot: submitted ? JSON.stringify(c) : null,
      submitTime: submitted ? now : null,
      returnReason: state === 'returned' ? '财务报表缺少盖章页，请补充后重新提交' : null,
      acceptTime: state === 'accepted' ? now : null,
    });
  }
  for (const c of companies.slice(1, 13)) {
    const n = Number(String(c.id).slice(-3));
    applications.push({
      id: seedId(`app_${year - 1}`, n),
      batchId: seedId('batch', year - 1),
      companyId: c.id,
      companyName: c.name,
      creditCode: c.creditCode,
      state: 'accepted',
      materials: `xypj/application/${n}/${year - 1}.pdf`,
      snapshot: JSON.stringify(c),
      submitTime: new Date(`${year - 1}-04-01T02:00:00Z`),
      acceptTime: new Date(`${year - 1}-04-10T02:00:00Z`),
    });
  }
  return applications;
}

/**
 * Demo data of a fresh database: a criteria template (maxima add up to 100), last year's batch
 * (reviewing) and this year's open one, 30 companies with sub-form rows (the demo `company` user
 * owns the first), 8 experts with materials (the demo `expert` user is the first), and
 * applications in each state. Runs once (sys_seed_applied) and only while xypj_company is empty.
 */
export async function seedXypjDemoData(db: Db, today = officeToday()): Promise<boolean> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return false;
  const any = await sql`select 1 as one from xypj_company limit 1`.execute(db);
  if (any.rows.length) return false;
  const users = await db
    .selectFrom('sys_user')
    .select(['id', 'username'])
    .where('id', 'in', [DEMO_COMPANY_USER, DEMO_EXPERT_USER])
    .execute();
  const hasUser = (id: string) => users.some((u) => u.id === id);
  const year = Number(today.slice(0, 4));
  const now = new Date();

  await db.transaction().execute(async (tx) => {
    await seedCriteriaAndBatches(tx, today, year, now);
    const { companies, engineers, projects, awards, badRecords, finances } = companyRows(year, hasUser(DEMO_COMPANY_USER));
    await insertRows(tx, 'xypj_company', companies, now);
    await insertRows(tx, 'xypj_engineer', engineers, now);
    await insertRows(tx, 'xypj_project', projects, now);
    await insertRows(tx, 'xypj_award', awards, now);
    await insertRows(tx, 'xypj_bad_record', badRecords, now);
    await insertRows(tx, 'xypj_finance', finances, now);

    const { experts, materials } = expertRows(hasUser(DEMO_EXPERT_USER));
    await insertRows(tx, 'xypj_expert', experts, now);
    await insertRows(tx, 'xypj_expert_material', materials, now);

    const applications = applicationRows(companies, year, now);
    await insertRows(tx, 'xypj_application', applications, now);
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
  return true;
}

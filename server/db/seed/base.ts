import type { Db } from '../types';
import { generatePassword, hashPassword } from '../../core/passwords';

/** The roles of the credit-evaluation office; ids are stable so other seeds may reference them. */
export const ROLE_SEED = [
  { id: 'f6817f48af4fb3af11b9e8bf182f618b', code: 'admin', name: '管理员', description: '系统管理员' },
  { id: 'r_xypj_staff', code: 'xypj_staff', name: '协会工作人员', description: '信用评价办公室工作人员' },
  { id: 'r_xypj_expert', code: 'xypj_expert', name: '评审专家', description: '信用评价评审专家' },
  { id: 'r_xypj_company', code: 'xypj_company', name: '监理企业', description: '参与信用评价的监理企业' },
] as const;

export const DEPART_SEED = [
  { id: 'd_a01', parentId: null, name: '省工程建设监理协会', orgCode: 'A01', category: '1', type: '1', order: 1 },
  { id: 'd_a01a01', parentId: 'd_a01', name: '信用评价办公室', orgCode: 'A01A01', category: '2', type: '2', order: 1 },
  { id: 'd_a01a02', parentId: 'd_a01', name: '专家委员会', orgCode: 'A01A02', category: '2', type: '2', order: 2 },
  { id: 'd_a01a03', parentId: 'd_a01', name: '综合部', orgCode: 'A01A03', category: '2', type: '2', order: 3 },
  { id: 'd_a02', parentId: null, name: '监理企业', orgCode: 'A02', category: '1', type: '1', order: 2 },
] as const;

export const TENANT_SEED = [
  { id: 1, name: '省工程监理信用评价', status: 1 },
  { id: 2, name: '演示租户', status: 1 },
] as const;

interface UserSeed {
  id: string;
  username: string;
  realname: string;
  role: (typeof ROLE_SEED)[number]['code'];
  departs: string[];
  orgCode: string | null;
  workNo: string;
  phone: string;
  email: string;
  tenants: string;
  identity: number;
}

/** The administrator and one demo user per role (staff belongs to two departments and two tenants). */
export const USER_SEED: UserSeed[] = [
  {
    id: 'e9ca23d68d884d4ebb19d07889727dae',
    username: 'admin',
    realname: '管理员',
    role: 'admin',
    departs: ['d_a01'],
    orgCode: 'A01',
    workNo: '00001',
    phone: '13800000001',
    email: 'admin@example.com',
    tenants: '1',
    identity: 2,
  },
  {
    id: 'u_demo_staff',
    username: 'staff',
    realname: '评价办工作人员',
    role: 'xypj_staff',
    departs: ['d_a01a01', 'd_a01a03'],
    orgCode: null,
    workNo: '00002',
    phone: '13800000002',
    email: 'staff@example.com',
    tenants: '1,2',
    identity: 1,
  },
  {
    id: 'u_demo_expert',
    username: 'expert',
    realname: '评审专家',
    role: 'xypj_expert',
    departs: ['d_a01a02'],
    orgCode: 'A01A02',
    workNo: '00003',
    phone: '13800000003',
    email: 'expert@example.com',
    tenants: '',
    identity: 1,
  },
  {
    id: 'u_demo_company',
    username: 'company',
    realname: '演示监理企业',
    role: 'xypj_company',
    departs: ['d_a02'],
    orgCode: 'A02',
    workNo: '00004',
    phone: '13800000004',
    email: 'company@example.com',
    tenants: '',
    identity: 1,
  },
];

export interface SeedPasswords {
  adminPassword?: string;
  demoPassword?: string;
}

export interface GeneratedPasswords {
  /** set only when the password was generated (not given in the environment) */
  admin?: string;
  demo?: string;
  demoUsernames: string[];
}

/** Roles, departments, tenants and users of a fresh database. */
export async function seedBase(db: Db, passwords: SeedPasswords): Promise<GeneratedPasswords> {
  const now = new Date();
  const adminPassword = passwords.adminPassword ?? generatePassword();
  const demoPassword = passwords.demoPassword ?? generatePassword();
  const adminHash = await hashPassword(adminPassword);
  const demoHash = await hashPassword(demoPassword);
  const audit = { create_by: 'system', create_time: now, update_by: null, update_time: null };

  await db
    .insertInto('sys_role')
    .values(ROLE_SEED.map((r) => ({ id: r.id, role_name: r.name, role_code: r.code, description: r.description, ...audit })))
    .execute();
  await db
    .insertInto('sys_depart')
    .values(
      DEPART_SEED.map((d) => ({
        id: d.id,
        parent_id: d.parentId,
        depart_name: d.name,
        depart_name_en: null,
        depart_name_abbr: null,
        depart_order: d.order,
        description: null,
        org_category: d.category,
        org_type: d.type,
        org_code: d.orgCode,
        mobile: null,
        fax: null,
        address: null,
        memo: null,
        status: '1',
        del_flag: '0',
        qywx_identifier: null,
        ...audit,
      })),
    )
    .execute();
  await db
    .insertInto('sys_tenant')
    .values(TENANT_SEED.map((t) => ({ ...t, create_time: now, create_by: 'system', begin_date: null, end_date: null })))
    .execute();

  for (const u of USER_SEED) {
    await db
      .insertInto('sys_user')
      .values({
        id: u.id,
        username: u.username,
        realname: u.realname,
        password: u.role === 'admin' ? adminHash : demoHash,
        salt: null,
        avatar: null,
        birthday: null,
        sex: null,
        email: u.email,
        phone: u.phone,
        org_code: u.orgCode,
        status: 1,
        del_flag: 0,
        third_id: null,
        third_type: null,
        activiti_sync: 0,
        work_no: u.workNo,
        post: null,
        telephone: null,
        user_identity: u.identity,
        depart_ids: u.identity === 2 ? u.departs.join(',') : null,
        rel_tenant_ids: u.tenants,
        client_id: null,
        ...audit,
      })
      .execute();
    const role = ROLE_SEED.find((r) => r.code === u.role)!;
    await db
      .insertInto('sys_user_role')
      .values({ id: `ur_${u.id}`.slice(0, 32), user_id: u.id, role_id: role.id })
      .execute();
    for (const dep of u.departs) {
      await db
        .insertInto('sys_user_depart')
        .values({ id: `ud_${u.username}_${dep}`.slice(0, 32), user_id: u.id, dep_id: dep })
        .execute();
    }
  }
  return {
    admin: passwords.adminPassword ? undefined : adminPassword,
    demo: passwords.demoPassword ? undefined : demoPassword,
    demoUsernames: USER_SEED.filter((u) => u.role !== 'admin').map((u) => u.username),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

interface TreeNode {
  key: string;
  scopedSlots?: unknown;
  children?: TreeNode[];
}

const flatten = (nodes: readonly TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(backends())('administration replies JeecgBoot clients rely on, on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const get = async (url: string, token = admin) => {
    const res = await t.request({ method: 'GET', url: `/api${url}`, token });
    return { status: res.statusCode, body: res.json() };
  };
  const duplicate = (query: Record<string, string>, token = admin) =>
    get(`/sys/duplicate/check?${new URLSearchParams(query).toString()}`, token);

  describe('duplicate check of the user, role, menu and department-role forms', () => {
    it('answers whether a user name, phone, e-mail or work number is taken, the edited user excepted', async () => {
      const cases: Array<[string, string, string]> = [
        ['username', 'admin', 'nobody_yet'],
        ['phone', '13800000002', '13900000000'],
        ['email', 'staff@example.com', 'free@example.com'],
        ['work_no', '00003', '99999'],
        ['workNo', '00003', '99999'],
      ];
      for (const [fieldName, taken, free] of cases) {
        expect((await duplicate({ tableName: 'sys_user', fieldName, fieldVal: taken })).body, `${fieldName}=${taken}`).toMatchObject({
          success: false,
          message: '该值不可用，系统中已存在！',
        });
        expect((await duplicate({ tableName: 'sys_user', fieldName, fieldVal: free })).body, `${fieldName}=${free}`).toMatchObject({
          success: true,
          message: '该值可用！',
        });
      }
      const own = await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'staff', dataId: 'u_demo_staff' });
      expect(own.body).toMatchObject({ success: true, message: '该值可用！' });
    });

    it('checks role codes, menu permission codes and department-role codes', async () => {
      expect((await duplicate({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'xypj_staff' })).body.success).toBe(false);
      expect((await duplicate({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'brand_new_role' })).body.success).toBe(true);
      expect((await duplicate({ tableName: 'sys_permission', fieldName: 'perms', fieldVal: 'user:add' })).body.success).toBe(false);
      expect((await duplicate({ tableName: 'sys_permission', fieldName: 'perms', fieldVal: 'brand:new' })).body.success).toBe(true);
      const added = await t.request({
        method: 'POST',
        url: '/api/sys/sysDepartRole/add',
        token: admin,
        payload: { departId: 'd_a01a01', roleName: '审核员', roleCode: 'dr_auditor' },
      });
      expect(added.json().success, added.body).toBe(true);
      expect((await duplicate({ tableName: 'sys_depart_role', fieldName: 'role_code', fieldVal: 'dr_auditor' })).body.success).toBe(false);
      expect((await duplicate({ tableName: 'sys_depart_role', fieldName: 'roleCode', fieldVal: 'dr_other' })).body.success).toBe(true);
    });

    it('answers these pairs only to holders of the form’s codes, and still refuses other columns', async () => {
      const expert = await t.login('expert');
      expect((await duplicate({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001' }, expert)).status).toBe(403);
      expect((await duplicate({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' }, expert)).status).toBe(403);
      for (const [tableName, fieldName] of [
        ['sys_user', 'password'],
        ['sys_user', 'realname'],
        ['sys_role', 'role_name'],
      ]) {
        expect((await duplicate({ tableName: tableName!, fieldName: fieldName!, fieldVal: 'x' })).body).toMatchObject({
          success: false,
          message: '该字段不支持重复校验',
        });
      }
    });
  });

  describe('authorisation trees', () => {
    it('send scopedSlots {title: "hasDatarule"} on every node of every tree, never null', async () => {
      const saved = await t.request({
        method: 'POST',
        url: '/api/sys/permission/saveDepartPermission',
        token: admin,
        payload: { departId: 'd_a01a01', permissionIds: 'm_system,m_system_user,b_user_add', lastpermissionIds: '' },
      });
      expect(saved.json().success, saved.body).toBe(true);
      const trees: Array<[string, TreeNode[]]> = [
        ['/sys/role/queryTreeList', (await get('/sys/role/queryTreeList')).body.result.treeList],
        ['/sys/permission/queryTreeList', (await get('/sys/permission/queryTreeList')).body.result.treeList],
        [
          'queryTreeListForDeptRole',
          (await get('/sys/sysDepartPermission/queryTreeListForDeptRole?departId=d_a01a01')).body.result.treeList,
        ],
        ['/sys/permission/queryListAsync', (await get('/sys/permission/queryListAsync')).body.result],
        ['queryListAsync?pid', (await get('/sys/permission/queryListAsync?pid=m_system')).body.result],
      ];
      for (const [name, tree] of trees) {
        const nodes = flatten(tree);
        expect(nodes.length, name).toBeGreaterThan(0);
        for (const node of nodes) expect(node.scopedSlots, `${name} ${node.key}`).toEqual({ title: 'hasDatarule' });
      }
      expect(
        flatten(trees[2]![1])
          .map((n) => n.key)
          .sort(),
      ).toEqual(['b_user_add', 'm_system', 'm_system_user']);
    });
  });

  describe('my departments', () => {
    it('tells the caller’s identity in the message of queryMyDeptTreeList: "2" 上级, "1" 普通用户', async () => {
      const leader = await get('/sys/sysDepart/queryMyDeptTreeList');
      expect(leader.body).toMatchObject({ success: true, message: '2' });
      expect(leader.body.result.map((d: { key: string }) => d.key)).toContain('d_a01');
      const member = await get('/sys/sysDepart/queryMyDeptTreeList', await t.login('staff'));
      expect(member.body).toMatchObject({ success: true, message: '1' });
    });

    it('lists without depId the users of the departments a 上级 leads and those below them', async () => {
      const all = await get('/sys/user/departUserList?pageNo=1&pageSize=50');
      expect(all.body.success, JSON.stringify(all.body)).toBe(true);
      const names = all.body.result.records.map((u: { username: string }) => u.username).sort();
      expect(names).toEqual(['admin', 'expert', 'reviewer2', 'reviewer3', 'staff']);
      expect(all.body.result.total).toBe(5);
      const filtered = await get('/sys/user/departUserList?username=exp');
      expect(filtered.body.result.records.map((u: { username: string }) => u.username)).toEqual(['expert']);
    });

    it('lists nobody for a 普通用户 without depId, and only the led departments once they lead one', async () => {
      await t.db
        .insertInto('sys_role_permission')
        .values({
          id: 'rp_staff_depusers',
          role_id: 'r_xypj_staff',
          permission_id: 'b_departuser_users',
          data_rule_ids: null,
          operate_date: null,
          operate_ip: null,
        })
        .execute();
      const staff = await t.login('staff');
      const none = await get('/sys/user/departUserList', staff);
      expect(none.body).toMatchObject({ success: true, result: { records: [], total: 0 } });
      await t.db.updateTable('sys_user').set({ user_identity: 2, depart_ids: 'd_a01a03' }).where('id', '=', 'u_demo_staff').execute();
      const led = await get('/sys/user/departUserList', staff);
      expect(led.body.result.records.map((u: { username: string }) => u.username)).toEqual(['staff']);
      expect((await get('/sys/sysDepart/queryMyDeptTreeList', staff)).body.message).toBe('2');
    });
  });

  describe('dictionary items', () => {
    it('lists the items of every dictionary, paged, when no dictId is given', async () => {
      const total = Number(
        (
          await t.db
            .selectFrom('sys_dict_item')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const res = await get('/sys/dictItem/list');
      expect(res.body).toMatchObject({ success: true, result: { total, size: 10, current: 1 } });
      expect(res.body.result.records).toHaveLength(10);
      const sex = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
      const one = await get(`/sys/dictItem/list?dictId=${sex.id}&pageSize=100`);
      expect(one.body.result.records.length).toBeGreaterThan(0);
      expect(one.body.result.records.every((r: { dictId: string }) => r.dictId === sex.id)).toBe(true);
      expect((await get('/sys/dictItem/list?dictId=bad%20id')).status).toBe(400);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const PASSWORD = 'Str0ng#Pass1';
const ADMIN_ID = 'e9ca23d68d884d4ebb19d07889727dae';
const STAFF_ID = 'u_demo_staff';
const EXPERT_ID = 'u_demo_expert';

interface TreeNode {
  key: string;
  title: string;
  directorUserIds?: string | null;
  children?: TreeNode[];
}

function findTitle(nodes: TreeNode[], title: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.title === title) return node;
    const found = findTitle(node.children ?? [], title);
    if (found) return found;
  }
  return undefined;
}

describe.each(backends())('department screens (部门管理, 我的部门) on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const menuIds = async (): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    const walk = (nodes: TreeNode[]) => nodes.forEach((n) => (out.set(n.title, n.key), walk(n.children ?? [])));
    walk((await call('GET', '/sys/permission/queryTreeList', admin)).body.result.treeList);
    return out;
  };
  /** A role holding exactly the named menus and buttons, and a user with only that role. */
  const userWith = async (code: string, titles: string[]): Promise<string> => {
    expect((await call('POST', '/sys/role/add', admin, { roleName: `测试${code}`, roleCode: code })).body.success).toBe(true);
    const role = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
    const ids = await menuIds();
    const granted = titles.map((title) => ids.get(title)!);
    expect(
      (
        await call('POST', '/sys/permission/saveRolePermission', admin, {
          roleId: role,
          permissionIds: granted.join(','),
          lastpermissionIds: '',
        })
      ).body.success,
    ).toBe(true);
    const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const added = await call('POST', '/sys/user/add', admin, {
      username: code,
      realname: code,
      password: PASSWORD,
      workNo: `W${suffix}`,
      phone: `139${suffix}01`,
      selectedroles: role,
      selecteddeparts: 'd_a01a01',
    });
    expect(added.body.success).toBe(true);
    return t.login(code, PASSWORD);
  };
  const tree = async (token = admin) => (await call('GET', '/sys/sysDepart/queryTreeList', token)).body.result as TreeNode[];
  const leader = (id: string) =>
    t.db.selectFrom('sys_user').select(['user_identity', 'depart_ids']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('a holder of only 我的部门 → 部门用户 finds users through the picker and links them, without the user list', async () => {
    const keeper = await userWith('depart_keeper', ['系统管理', '我的部门', '部门用户']);
    expect((await call('GET', '/sys/user/list?username=*expert*', keeper)).status).toBe(403);

    const found = await call('GET', '/sys/user/queryUserComponentData?username=expert&pageNo=1&pageSize=10', keeper);
    expect(found.status).toBe(200);
    expect(found.body.result.records.map((u: { username: string }) => u.username)).toEqual(['expert']);
    expect(found.body.result.records[0]).not.toHaveProperty('password');

    const linked = await call('POST', '/sys/user/editSysDepartWithUser', keeper, { depId: 'd_a01a01', userIdList: [EXPERT_ID] });
    expect(linked.body).toMatchObject({ success: true, message: '添加成功!' });
    const members = await call('GET', '/sys/user/departUserList?depId=d_a01a01&username=expert', keeper);
    expect(members.body.result.records.map((u: { username: string }) => u.username)).toEqual(['expert']);

    expect((await call('GET', `/sys/user/queryById?id=${STAFF_ID}`, keeper)).status).toBe(403);
    const editor = await userWith('member_editor', ['系统管理', '我的部门', '部门用户', '编辑用户']);
    const read = await call('GET', `/sys/user/queryById?id=${STAFF_ID}`, editor);
    expect(read.body.result).toMatchObject({ username: 'staff', orgCodeTxt: '信用评价办公室,综合部' });
    expect(read.body.result).not.toHaveProperty('password');
    expect((await call('GET', '/sys/user/list', editor)).status).toBe(403);

    const outsider = await userWith('depart_viewer', ['系统管理', '我的部门']);
    expect((await call('GET', '/sys/user/queryUserComponentData?username=expert', outsider)).status).toBe(403);
  });

  it('部门负责人: set when adding a department, changed on edit, shown in the tree and on the users', async () => {
    const added = await call('POST', '/sys/sysDepart/add', admin, {
      departName: '负责人测试部',
      parentId: 'd_a01',
      orgCategory: '2',
      directorUserIds: STAFF_ID,
    });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const node = findTitle(await tree(), '负责人测试部')!;
    expect(node.directorUserIds).toBe(STAFF_ID);
    expect(await leader(STAFF_ID)).toEqual({ user_identity: 2, depart_ids: node.key });
    const members = await call('GET', `/sys/user/departUserList?depId=${node.key}`, admin);
    expect(members.body.result.records.map((u: { username: string }) => u.username)).toEqual(['staff']);

    const edited = await call('PUT', '/sys/sysDepart/edit', admin, {
      id: node.key,
      departName: '负责人测试部',
      orgCategory: '2',
      directorUserIds: EXPERT_ID,
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(findTitle(await tree(), '负责人测试部')!.directorUserIds).toBe(EXPERT_ID);
    const found = await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('负责人测试')}`, admin);
    expect(found.body.result.map((d: TreeNode) => d.directorUserIds)).toEqual([EXPERT_ID]);
    expect(await leader(STAFF_ID)).toEqual({ user_identity: 1, depart_ids: null });
    expect((await leader(EXPERT_ID)).depart_ids).toBe(node.key);

    const unchanged = await call('PUT', '/sys/sysDepart/edit', admin, { id: node.key, departName: '负责人测试部二', orgCategory: '2' });
    expect(unchanged.body.success).toBe(true);
    expect(findTitle(await tree(), '负责人测试部二')!.directorUserIds).toBe(EXPERT_ID);

    expect(
      (await call('PUT', '/sys/sysDepart/edit', admin, { id: node.key, departName: '负责人测试部', directorUserIds: 'nobody_here' })).body
        .message,
    ).toBe('部门负责人不存在');

    expect((await call('DELETE', `/sys/sysDepart/delete?id=${node.key}`, admin)).body.success).toBe(true);
    expect(await leader(EXPERT_ID)).toEqual({ user_identity: 1, depart_ids: null });
  });

  it('only an administrator may make an administrator head of a department or remove one', async () => {
    const editor = await userWith('depart_editor', ['系统管理', '部门管理', '编辑部门']);
    const root = findTitle(await tree(editor), '省工程建设监理协会')!;
    expect(root.directorUserIds).toBe(ADMIN_ID);
    const removing = await call('PUT', '/sys/sysDepart/edit', editor, {
      id: root.key,
      departName: root.title,
      orgCategory: '1',
      directorUserIds: '',
    });
    expect(removing.status).toBe(403);
    const keeping = await call('PUT', '/sys/sysDepart/edit', editor, {
      id: root.key,
      departName: root.title,
      orgCategory: '1',
      directorUserIds: ADMIN_ID,
    });
    expect(keeping.body.success).toBe(true);
    const office = findTitle(await tree(editor), '信用评价办公室')!;
    const promoting = await call('PUT', '/sys/sysDepart/edit', editor, {
      id: office.key,
      departName: office.title,
      orgCategory: '2',
      directorUserIds: ADMIN_ID,
    });
    expect(promoting.status).toBe(403);
    expect((await leader(ADMIN_ID)).depart_ids).toBe('d_a01');
  });
});

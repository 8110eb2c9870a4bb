import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

const KEEPER_PASSWORD = 'Keeper#2026pass';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, name: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await keepScreenshot(page, `admin-${name}`);
}

/** Runs a test body; on failure keeps a screenshot named after the test. */
function shot(name: string, body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (error) {
      await keepScreenshot(page, `admin-failed-${name}`);
      throw error;
    }
  };
}

const headers = () => page.locator('.ant-table-thead th').allTextContents();

describe('administration screens render from their schemas', () => {
  it(
    '用户管理: columns, toolbar with 回收站 / 冻结 / 解冻, admin row with 密码',
    shot('users', async () => {
      await open('/isystem/user', 'user-list');
      expect(await headers()).toEqual(
        expect.arrayContaining(['用户账号', '用户姓名', '头像', '性别', '生日', '手机号码', '部门', '负责部门', '状态', '操作']),
      );
      for (const name of [/添加用户/, /导\s*出/, /导\s*入/, /回收站/, /冻\s*结/, /解\s*冻/])
        await page.getByRole('button', { name }).first().waitFor();
      await page.locator('.renderer-row-actions').getByText('密码').first().waitFor();
      // at 1440 px the columns do not fit: the table scrolls sideways, the action columns stay in view on one line
      const adminRow = page.locator('.ant-table-row', { hasText: 'admin' }).first();
      const boxes = await Promise.all(
        ['密码', '冻结', '编辑', '更多'].map((text) => adminRow.getByText(text, { exact: true }).boundingBox()),
      );
      const viewport = page.viewportSize() as { width: number };
      for (const box of boxes) {
        expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box?.y).toBe(boxes[0]?.y);
      }
      await page.getByRole('button', { name: /回收站/ }).click();
      await page.locator('.ant-modal-title', { hasText: '用户回收站' }).waitFor();
      await keepScreenshot(page, 'admin-user-recycle');
      await page.getByRole('button', { name: /关\s*闭/ }).click();
    }),
  );

  it(
    '角色管理: columns and the authorisation drawer with the permission tree',
    shot('roles', async () => {
      await open('/isystem/role', 'role-list');
      expect(await headers()).toEqual(expect.arrayContaining(['角色名称', '角色编码', '备注', '创建时间', '更新时间', '操作']));
      await page.locator('.renderer-row-actions').getByText('授权').first().click();
      await page.getByText('所拥有的权限：').waitFor();
      await page.getByRole('button', { name: /树操作/ }).click();
      await page.getByText('展开所有').click();
      await page.getByText('添加用户', { exact: true }).waitFor();
      await keepScreenshot(page, 'admin-role-authorize');
    }),
  );

  it(
    '菜单管理: tree table with menu types, add-child form',
    shot('menus', async () => {
      await open('/isystem/permission', 'permission-list');
      expect(await headers()).toEqual(expect.arrayContaining(['菜单名称', '菜单类型', '权限编码', 'icon', '组件', '路径', '排序']));
      await page.getByRole('button', { name: /新\s*增/ }).click();
      await page.locator('.ant-drawer-body').getByText('默认跳转地址').waitFor();
      await keepScreenshot(page, 'admin-permission-form');
    }),
  );

  it(
    '部门管理: tree, 基本信息 and 部门权限 tabs',
    shot('departs', async () => {
      await open('/isystem/depart', 'depart');
      await page.locator('.admin-depart-tree .ant-tree-title').first().click();
      await page.getByLabel('机构名称').waitFor();
      await page.getByRole('tab', { name: '部门权限' }).click();
      await page.getByText('所拥有的权限：').waitFor();
      await keepScreenshot(page, 'admin-depart-auth');
    }),
  );

  it(
    '我的部门, 字典管理, 分类字典, 租户管理 render',
    shot('others', async () => {
      await open('/isystem/departUserList', 'my-depart');
      await page.getByText('请选择一个部门!').first().waitFor();
      await open('/isystem/dict', 'dict-list');
      expect(await headers()).toEqual(expect.arrayContaining(['字典名称', '字典编号', '描述', '操作']));
      await page.getByRole('button', { name: /刷新缓存/ }).waitFor();
      await page.locator('.renderer-row-actions').getByText('字典配置').first().click();
      await page.locator('.ant-drawer-title', { hasText: '字典列表' }).waitFor();
      await page.waitForLoadState('networkidle');
      await keepScreenshot(page, 'admin-dict-items');
      await open('/isystem/category', 'category');
      expect(await headers()).toEqual(expect.arrayContaining(['分类名称', '分类编码']));
      await open('/isystem/tenant', 'tenant');
      expect(await headers()).toEqual(expect.arrayContaining(['租户名称', '租户编号', '开始时间', '结束时间', '状态']));
    }),
  );
});

const treeTitle = (name: string) => page.locator('.admin-depart-tree .ant-tree-title', { hasText: new RegExp(`^${name}$`) });
const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor();
const okButton = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const activeTab = () => page.locator('.ant-tabs-tabpane-active').first();

/** In the open 添加已有用户 dialog: search a user, choose them and confirm. */
async function addExistingUser(typed: string, option: string): Promise<void> {
  const pick = page.locator('.ant-modal', { hasText: '添加已有用户' });
  await pick.locator('.ant-select').click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-item-option', { hasText: option }).click();
  await page.keyboard.press('Escape');
  await okButton(pick).click();
  await toast('添加成功!');
}

async function addDepart(button: RegExp, name: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const modal = page.locator('.ant-modal', { hasText: '新增' });
  await modal.getByLabel('机构名称').fill(name);
  await okButton(modal).click();
  await toast('添加成功！');
  await treeTitle(name).waitFor();
}

/** Opens a row's 更多 menu and clicks `name` in it. */
async function moreAction(row: Locator, name: string): Promise<void> {
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: name }).click();
}

async function tokenOf(from: Page): Promise<string> {
  return from.evaluate(() => (JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string }).value ?? '');
}

async function api<T = unknown>(method: string, path: string, body?: object): Promise<{ success: boolean; message: string; result: T }> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { 'X-Access-Token': await tokenOf(page), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

const visibleDrawer = () => page.locator('.ant-drawer-open .ant-drawer-content').last();
const drawerFooterButton = (name: RegExp) => page.locator('.ant-drawer-open .ant-drawer-footer').getByRole('button', { name });

async function permissionNode(title: string): Promise<Locator> {
  return treeNodeCheckbox(activeTab(), title);
}

async function treeNodeCheckbox(scope: Locator, title: string): Promise<Locator> {
  const node = scope
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  await node.waitFor();
  return node.locator('.ant-tree-checkbox');
}

async function departWorkbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('部门');
  sheet.addRow(['部门信息报表']);
  sheet.addRow(['导出人:测试']);
  sheet.addRow(['部门名称', '上级部门编码', '机构编码', '机构类型', '排序', '手机号', '传真', '地址', '备注']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('部门管理 and 我的部门', () => {
  it(
    'adds a department and a child, edits, searches, grants and deletes them',
    shot('depart-crud', async () => {
      await open('/isystem/depart', 'depart-start');
      await page.getByRole('button', { name: /添加下级/ }).click();
      await toast('请先点击选中上级部门！');

      await addDepart(/添加部门/, '测试监理部');
      await treeTitle('测试监理部').click();
      await addDepart(/添加下级/, '测试质检组');
      await keepScreenshot(page, 'admin-depart-added');

      await treeTitle('测试质检组').click();
      const info = page.locator('.admin-depart-info');
      expect(await info.getByLabel('机构编码').inputValue()).toMatch(/^[A-Z]\d{2}[A-Z]\d{2}$/);
      await info.getByLabel('机构名称').fill('测试质检科');
      await info.getByLabel('手机号').fill('13800001111');
      await info.getByRole('button', { name: /保\s*存/ }).click();
      await toast('保存成功!');
      await treeTitle('测试质检科').waitFor();
      await keepScreenshot(page, 'admin-depart-edited');

      await treeTitle('测试监理部').click();
      await page.getByRole('tab', { name: '部门权限' }).click();
      await (await permissionNode('首页')).click();
      await activeTab()
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await toast('保存成功！');
      await page.reload();
      await treeTitle('测试监理部').click();
      await page.getByRole('tab', { name: '部门权限' }).click();
      await expect.poll(async () => (await permissionNode('首页')).getAttribute('class')).toContain('ant-tree-checkbox-checked');
      await keepScreenshot(page, 'admin-depart-granted');

      await page.getByPlaceholder('请输入部门名称').fill('质检');
      await page.getByPlaceholder('请输入部门名称').press('Enter');
      await expect.poll(() => page.locator('.admin-depart-tree .ant-tree-title').allTextContents()).toEqual(['测试质检科']);
      await page.getByPlaceholder('请输入部门名称').fill('');
      await page.getByPlaceholder('请输入部门名称').press('Enter');
      await treeTitle('监理企业').waitFor();

      await treeTitle('测试质检科').click();
      await page.getByRole('tab', { name: '基本信息' }).click();
      await page
        .locator('.admin-depart-info')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.locator('.ant-popover').getByText('确定要删除此部门以及子节点数据吗?').waitFor();
      await okButton(page.locator('.ant-popover')).click();
      await toast('删除成功!');
      await expect.poll(() => treeTitle('测试质检科').count()).toBe(0);

      await treeTitle('测试监理部').click();
      await addDepart(/添加下级/, '测试资料组');
      await page
        .locator('.admin-depart-tree .ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-title', { hasText: /^测试监理部$/ }) })
        .locator('.ant-tree-checkbox')
        .click();
      await page.getByRole('button', { name: /批量删除/ }).click();
      const confirm = page.locator('.ant-modal-confirm', { hasText: '确定要删除所选中的 1 条数据，以及子节点数据吗?' });
      await okButton(confirm).click();
      await toast('删除成功!');
      await expect.poll(() => treeTitle('测试监理部').count()).toBe(0);
      await expect.poll(() => treeTitle('测试资料组').count()).toBe(0);
    }),
  );

  it(
    'exports the departments as xlsx and imports new ones',
    shot('depart-excel', async () => {
      await open('/isystem/depart', 'depart-excel');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
      expect(download.suggestedFilename()).toBe('部门信息.xlsx');
      const exported = new ExcelJS.Workbook();
      await exported.xlsx.readFile((await download.path()) ?? '');
      const names = exported.worksheets[0].getColumn(1).values.map(String);
      expect(names).toEqual(expect.arrayContaining(['省工程建设监理协会', '信用评价办公室', '监理企业']));

      await page.getByRole('button', { name: /导\s*入/ }).click();
      const modal = page.locator('.ant-modal', { hasText: '导入EXCEL' });
      await modal.locator('input[type=file]').setInputFiles({
        name: '部门.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await departWorkbook([['导入测试处', '', '', '部门', '3']]),
      });
      await modal.getByRole('button', { name: /开始上传/ }).click();
      await toast('共1行数据全部导入成功！');
      await treeTitle('导入测试处').waitFor();
      await keepScreenshot(page, 'admin-depart-imported');
    }),
  );

  it(
    '我的部门: users of a department, add an existing user, department roles with their grants',
    shot('my-depart', async () => {
      await open('/isystem/depart', 'depart-office');
      await treeTitle('信用评价办公室').click();
      await page.getByRole('tab', { name: '部门权限' }).click();
      await (await permissionNode('首页')).click();
      await activeTab()
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await toast('保存成功！');

      await open('/isystem/departUserList', 'my-depart-start');
      await page.locator('.admin-depart-tree .ant-tree-title', { hasText: /^信用评价办公室$/ }).click();
      await page.getByRole('tab', { name: '基本信息' }).waitFor();
      expect(await activeTab().getByLabel('机构名称').inputValue()).toBe('信用评价办公室');

      await page.getByRole('tab', { name: '用户信息' }).click();
      const users = activeTab();
      await users.locator('.ant-table-row', { hasText: 'staff' }).waitFor();
      expect(await users.locator('.ant-table-row', { hasText: 'staff' }).textContent()).toContain('评价办工作人员');
      await keepScreenshot(page, 'admin-my-depart-users');

      await users.getByRole('button', { name: /添加已有用户/ }).click();
      await addExistingUser('expert', '评审专家');
      await users.locator('.ant-table-row', { hasText: 'expert' }).waitFor();

      await page.getByRole('tab', { name: '部门角色' }).click();
      const roles = activeTab();
      await roles.getByRole('button', { name: /新建部门角色/ }).click();
      const form = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '新增' }) });
      await form.getByPlaceholder('请输入部门角色名称').fill('质量审核员');
      await form.getByPlaceholder('请输入部门角色编码').fill('quality_reviewer');
      await okButton(form).click();
      const roleRow = roles.locator('.ant-table-row', { hasText: '质量审核员' });
      await roleRow.waitFor();
      // the 部门 cell's widget loads lazily; until then the cell shows the raw id
      await expect.poll(() => roleRow.textContent()).toContain('信用评价办公室');

      await roleRow.getByText('授权').click();
      const drawer = page.locator('.ant-drawer', { hasText: '部门角色权限配置' });
      await drawer.getByText('所拥有的权限：').waitFor();
      await keepScreenshot(page, 'admin-my-depart-role-authorize');
      await (await treeNodeCheckbox(drawer, '首页')).click();
      await drawer.getByRole('button', { name: /保存并关闭/ }).click();
      await toast('保存成功！');
      await roleRow.getByText('授权').click();
      await expect
        .poll(async () =>
          (await treeNodeCheckbox(page.locator('.ant-drawer', { hasText: '部门角色权限配置' }), '首页')).getAttribute('class'),
        )
        .toContain('ant-tree-checkbox-checked');
      await page.locator('.ant-drawer', { hasText: '部门角色权限配置' }).locator('.ant-drawer-close').click();

      await page.getByRole('tab', { name: '用户信息' }).click();
      const expertRow = activeTab().locator('.ant-table-row', { hasText: 'expert' });
      await moreAction(expertRow, '部门角色');
      const assign = page.locator('.ant-modal', { hasText: '部门角色分配' });
      await assign.getByLabel('质量审核员').check();
      await okButton(assign).click();
      await toast(/成功/);
      await moreAction(expertRow, '部门角色');
      await expect.poll(() => page.locator('.ant-modal', { hasText: '部门角色分配' }).getByLabel('质量审核员').isChecked()).toBe(true);
      await page
        .locator('.ant-modal', { hasText: '部门角色分配' })
        .getByRole('button', { name: /取\s*消/ })
        .click();

      await moreAction(expertRow, '取消关联');
      await okButton(page.locator('.ant-popover, .ant-modal-confirm').filter({ hasText: '确定取消与选中部门关联吗?' })).click();
      await expect.poll(() => activeTab().locator('.ant-table-row', { hasText: 'expert' }).count()).toBe(0);
      await keepScreenshot(page, 'admin-my-depart-after');

      await page.getByRole('tab', { name: '部门角色' }).click();
      const editedRow = () => activeTab().locator('.ant-table-row', { hasText: '质量复核员' });
      await activeTab().locator('.ant-table-row', { hasText: '质量审核员' }).getByText('编辑').click();
      const edit = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '编辑' }) });
      await edit.getByPlaceholder('请输入部门角色名称').fill('质量复核员');
      await okButton(edit).click();
      await editedRow().waitFor();
      await editedRow().getByText('更多').click();
      await page.locator('.ant-dropdown-menu-item', { hasText: '删除' }).click();
      await okButton(page.locator('.ant-modal-confirm', { hasText: '确定删除吗?' })).click();
      await expect.poll(() => editedRow().count()).toBe(0);
    }),
  );
});

interface MenuNode {
  key: string;
  title: string;
  children?: MenuNode[];
}

/** A role holding exactly the named menus and buttons, given to a new member of 信用评价办公室. */
async function userWithMenus(username: string, titles: string[]): Promise<void> {
  expect((await api('POST', '/sys/role/add', { roleName: `角色${username}`, roleCode: username })).success).toBe(true);
  const roles = await api<{ records: Array<{ id: string; roleCode: string }> }>('GET', `/sys/role/list?roleCode=${username}`);
  const roleId = roles.result.records.find((r) => r.roleCode === username)!.id;
  const ids = new Map<string, string>();
  const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (ids.set(n.title, n.key), walk(n.children ?? [])));
  walk((await api<{ treeList: MenuNode[] }>('GET', '/sys/role/queryTreeList')).result.treeList);
  const granted = titles.map((t) => ids.get(t)!).join(',');
  expect((await api('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: granted, lastpermissionIds: '' })).success).toBe(
    true,
  );
  const added = await api('POST', '/sys/user/add', {
    username,
    realname: `管理员${username}`,
    password: KEEPER_PASSWORD,
    workNo: `K-${username}`,
    phone: '13977776666',
    selectedroles: roleId,
    selecteddeparts: 'd_a01a01',
  });
  expect(added.message).toBe('添加成功！');
}

async function openMyDepartUsers(on: Page, name: string): Promise<Locator> {
  await on.goto(`${server.baseUrl}/isystem/departUserList`);
  await on.locator('.admin-depart-tree .ant-tree-title', { hasText: /^信用评价办公室$/ }).click();
  await on.getByRole('tab', { name: '用户信息' }).click();
  const users = on.locator('.ant-tabs-tabpane-active').first();
  await users.locator('.ant-table-row').first().waitFor();
  await on.waitForLoadState('networkidle');
  await keepScreenshot(on, `admin-${name}`);
  return users;
}

describe('我的部门 → 用户信息 with the user form of 用户管理, and 部门负责人', () => {
  it(
    '新建用户 creates a user in the chosen department; 编辑 and 用户详情 open the same form',
    shot('my-depart-user-form', async () => {
      const users = await openMyDepartUsers(page, 'my-depart-users-toolbar');
      await users.getByRole('button', { name: /新建用户/ }).click();
      const form = visibleDrawer();
      await form.getByPlaceholder('请输入用户账号').waitFor();
      const departs = form.locator('.ant-formily-item').filter({ hasText: '部门分配' });
      await expect.poll(() => departs.textContent()).toContain('信用评价办公室');
      expect(await departs.locator('.ant-select-disabled').count()).toBe(1);
      await form.getByPlaceholder('请输入用户账号').fill('office_clerk');
      await form.getByPlaceholder('请输入登录密码').fill(KEEPER_PASSWORD);
      await form.getByPlaceholder('请重新输入登录密码').fill(KEEPER_PASSWORD);
      await form.getByPlaceholder('请输入用户名称').fill('办公室文员');
      await form.getByPlaceholder('请输入工号').fill('OC0001');
      await form.getByPlaceholder('请输入手机号码').fill('13955554444');
      await keepScreenshot(page, 'admin-my-depart-new-user');
      await drawerFooterButton(/提\s*交/).click();
      await toast('添加成功！');
      const clerkRow = users.locator('.ant-table-row', { hasText: 'office_clerk' });
      await clerkRow.waitFor();
      await expect.poll(() => clerkRow.textContent()).toContain('办公室文员');
      await expect.poll(() => clerkRow.textContent()).toContain('信用评价办公室');

      await users.getByRole('button', { name: /用户编辑/ }).click();
      await toast('请选择一条记录！');
      await clerkRow.locator('.ant-checkbox-input').check();
      await users.getByRole('button', { name: /用户编辑/ }).click();
      await expect.poll(() => visibleDrawer().getByPlaceholder('请输入用户名称').inputValue()).toBe('办公室文员');
      await keepScreenshot(page, 'admin-my-depart-toolbar-edit');
      // the user drawer's 取消 asks before discarding the form
      await drawerFooterButton(/取\s*消/).click();
      await okButton(page.locator('.ant-popover').filter({ hasText: '确定放弃编辑？' })).click();
      await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      await clerkRow.locator('.ant-checkbox-input').uncheck();

      await clerkRow.getByText('编辑', { exact: true }).click();
      const edit = visibleDrawer();
      await expect.poll(() => edit.getByPlaceholder('请输入用户名称').inputValue()).toBe('办公室文员');
      expect(await edit.getByPlaceholder('请输入登录密码').count()).toBe(0);
      expect(await edit.getByPlaceholder('请输入用户账号').isDisabled()).toBe(true);
      await edit.getByPlaceholder('请输入用户名称').fill('办公室主管');
      await drawerFooterButton(/提\s*交/).click();
      await toast(/成功/);
      await expect.poll(() => users.locator('.ant-table-row', { hasText: 'office_clerk' }).textContent()).toContain('办公室主管');

      await moreAction(users.locator('.ant-table-row', { hasText: 'office_clerk' }), '用户详情');
      const detail = visibleDrawer();
      await detail.getByText('办公室主管').waitFor();
      await detail.getByText('OC0001').waitFor();
      expect(await detail.getByPlaceholder('请输入用户名称').count()).toBe(0);
      expect(await drawerFooterButton(/确\s*定|提\s*交/).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await keepScreenshot(page, 'admin-my-depart-user-detail');
      await page
        .locator('.ant-drawer-open .ant-drawer-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
    }),
  );

  it(
    'a holder of only 我的部门 → 部门用户 adds an existing user through the user picker',
    shot('depart-keeper', async () => {
      await userWithMenus('office_keeper', ['系统管理', '我的部门', '部门用户']);
      const keeper = (await newPage(browser)).page;
      try {
        await signIn(keeper, server, 'office_keeper', KEEPER_PASSWORD);
        await keeper.waitForURL('**/dashboard/analysis');
        const users = await openMyDepartUsers(keeper, 'keeper-my-depart');
        expect(await users.getByRole('button', { name: /新建用户/ }).count()).toBe(0);
        expect(await users.locator('.renderer-row-actions').first().getByText('编辑', { exact: true }).count()).toBe(0);
        await users.getByRole('button', { name: /添加已有用户/ }).click();
        const pick = keeper.locator('.ant-modal', { hasText: '添加已有用户' });
        await pick.locator('.ant-select').click();
        await keeper.keyboard.type('company');
        await keeper.locator('.ant-select-item-option', { hasText: 'company' }).click();
        await keeper.keyboard.press('Escape');
        await keepScreenshot(keeper, 'admin-keeper-pick');
        await okButton(pick).click();
        await keeper.locator('.ant-message').getByText('添加成功!').first().waitFor();
        await users.locator('.ant-table-row', { hasText: 'company' }).waitFor();
        await keepScreenshot(keeper, 'admin-keeper-added');
      } finally {
        await keeper.close();
      }
    }),
  );

  it(
    '部门管理: 部门负责人 is picked with the user picker, saved and shown again',
    shot('depart-director', async () => {
      await open('/isystem/depart', 'depart-director-start');
      await treeTitle('信用评价办公室').click();
      const info = page.locator('.admin-depart-info');
      const director = info.locator('.ant-form-item').filter({ hasText: '部门负责人' });
      await director.getByRole('button', { name: '选择用户' }).click();
      const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
      const staffRow = picker.locator('.ant-table-row', { hasText: 'staff' });
      await staffRow.waitFor();
      await staffRow.locator('.ant-checkbox-input, .ant-radio-input').first().check();
      await keepScreenshot(page, 'admin-depart-director-picker');
      await okButton(picker).click();
      await expect.poll(() => director.locator('input').inputValue()).toBe('评价办工作人员');
      await info.getByRole('button', { name: /保\s*存/ }).click();
      await toast('保存成功!');

      await page.reload();
      await treeTitle('信用评价办公室').click();
      await expect
        .poll(() => page.locator('.admin-depart-info .ant-form-item').filter({ hasText: '部门负责人' }).locator('input').inputValue())
        .toBe('评价办工作人员');
      await keepScreenshot(page, 'admin-depart-director-saved');
      const staff = await api<{ records: Array<{ username: string; userIdentity: number; departIds: string }> }>(
        'GET',
        '/sys/user/list?username=staff',
      );
      expect(staff.result.records.find((u) => u.username === 'staff')).toMatchObject({ userIdentity: 2, departIds: 'd_a01a01' });

      await page.getByRole('button', { name: /添加部门/ }).click();
      const modal = page.locator('.ant-modal', { hasText: '新增' });
      await modal.locator('.ant-form-item').filter({ hasText: '部门负责人' }).getByRole('button', { name: '选择用户' }).waitFor();
      await keepScreenshot(page, 'admin-depart-add-director');
      await modal.getByRole('button', { name: /取\s*消/ }).click();
    }),
  );
});

describe('角色用户', () => {
  it(
    "lists roles; a role's 用户 pane adds an existing user, shows the row and 取消关联 removes it",
    shot('role-users', async () => {
      await open('/isystem/roleUserList', 'role-user-list');
      expect(await headers()).toEqual(expect.arrayContaining(['角色编码', '角色名称', '创建时间']));
      for (const name of [/新建角色/, /角色编辑/, /导\s*入/, /导\s*出/]) await page.getByRole('button', { name }).first().waitFor();

      const roleRow = page.locator('.ant-table-row', { hasText: 'xypj_company' });
      await roleRow.locator('.renderer-row-actions').getByText('用户', { exact: true }).click();
      const pane = page.locator('.ant-drawer', { hasText: '角色用户 · 监理企业' });
      await pane.locator('.ant-table-row', { hasText: 'company' }).waitFor();
      expect(await pane.locator('.ant-table-thead th').allTextContents()).toEqual(
        expect.arrayContaining(['用户账号', '用户名称', '状态', '操作']),
      );
      for (const name of [/新增用户/, /已有用户/, /取消关联/]) await pane.getByRole('button', { name }).waitFor();
      expect(await pane.locator('.ant-table-row', { hasText: 'expert' }).count()).toBe(0);

      await pane.getByRole('button', { name: /已有用户/ }).click();
      await addExistingUser('expert', '评审专家');
      const expertRow = pane.locator('.ant-table-row', { hasText: 'expert' });
      await expertRow.waitFor();
      await keepScreenshot(page, 'admin-role-users-added');

      await expertRow.locator('.renderer-row-actions').getByText('取消关联').click();
      const confirmUnlink = page
        .locator('.ant-popover:not(.ant-popover-hidden), .ant-modal-confirm')
        .filter({ hasText: '确定取消关联吗?' });
      await confirmUnlink.waitFor();
      const unlinked = page.waitForResponse((r) => r.url().includes('/sys/user/deleteUserRole'));
      await okButton(confirmUnlink).click();
      expect((await (await unlinked).json()).success).toBe(true);
      await expect.poll(() => pane.locator('.ant-table-row', { hasText: 'expert' }).count(), { timeout: 15_000 }).toBe(0);
      await pane.locator('.ant-table-row', { hasText: 'company' }).waitFor();
      await keepScreenshot(page, 'admin-role-users-removed');
    }),
  );
});

describe('用户管理 → 代理人', () => {
  it(
    "sets a user's agent with the user picker and dates; opening it again edits the same record",
    shot('user-agent', async () => {
      await open('/isystem/user', 'user-agent-start');
      const staffRow = page.locator('.ant-table-row', { hasText: '评价办工作人员' });
      await staffRow.locator('.renderer-row-actions').getByText('代理人').click();
      const dialog = page.locator('.ant-modal', { hasText: '用户代理人设置' });
      await dialog.waitFor();
      const item = (label: string) => dialog.locator('.ant-formily-item').filter({ hasText: label });
      expect(await item('用户名').locator('input').first().inputValue()).toBe('staff');
      await okButton(dialog).click();
      await dialog.getByText('请选择代理人用户名!').waitFor();

      await item('代理人用户名').getByRole('button', { name: '选择用户' }).click();
      const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
      const expertRow = picker.locator('.ant-table-row', { hasText: 'expert' });
      await expertRow.waitFor();
      await expertRow.locator('.ant-checkbox-input, .ant-radio-input').first().check();
      await okButton(picker).click();
      await expect.poll(() => item('代理人用户名').locator('input').first().inputValue()).toBe('评审专家');
      for (const [label, value] of [
        ['代理开始时间', '2026-12-01 09:00:00'],
        ['代理结束时间', '2026-12-31 18:00:00'],
      ] as const) {
        const input = item(label).locator('input');
        await input.click();
        await input.fill(value);
        await input.press('Enter');
      }
      await keepScreenshot(page, 'admin-user-agent-form');
      await okButton(dialog).click();
      await toast('添加成功！');
      await dialog.waitFor({ state: 'detached' });
      const saved = await api<{
        records: Array<{ id: string; agentUserName: string; startTime: string; endTime: string; status: string }>;
      }>('GET', '/sys/sysUserAgent/list?userName=staff');
      expect(saved.result.records).toEqual([
        expect.objectContaining({ agentUserName: 'expert', startTime: '2026-12-01 09:00:00', endTime: '2026-12-31 18:00:00', status: '1' }),
      ]);

      await staffRow.locator('.renderer-row-actions').getByText('代理人').click();
      await dialog.waitFor();
      await expect.poll(() => item('代理结束时间').locator('input').inputValue()).toBe('2026-12-31 18:00:00');
      await item('状态').getByText('无效').click();
      await okButton(dialog).click();
      await toast('编辑成功!');
      const edited = await api<{ records: Array<{ id: string; status: string }> }>('GET', '/sys/sysUserAgent/list?userName=staff');
      expect(edited.result.records).toEqual([expect.objectContaining({ id: saved.result.records[0]!.id, status: '0' })]);
    }),
  );
});

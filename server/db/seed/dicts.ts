/**
 * Dictionaries (sys_dict + sys_dict_item), as data. Each code is inserted once (tracked in
 * sys_seed_applied as "dict:<code>"); add new dictionaries here, edits happen in the admin screens.
 */
export interface DictSeed {
  code: string;
  name: string;
  /** 0 string values, 1 number values */
  type?: 0 | 1;
  items: Array<[value: string, text: string]>;
}

export const DICT_SEED: DictSeed[] = [
  { code: 'sex', name: '性别', type: 1, items: [['1', '男'], ['2', '女']] },
  { code: 'priority', name: '优先级', items: [['L', '低'], ['M', '中'], ['H', '高']] },
  { code: 'user_status', name: '用户状态', type: 1, items: [['1', '正常'], ['2', '冻结']] },
  { code: 'del_flag', name: '删除状态', type: 1, items: [['0', '正常'], ['1', '已删除']] },
  { code: 'menu_type', name: '菜单类型', type: 1, items: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']] },
  { code: 'depart_status', name: '部门状态', items: [['1', '启用'], ['0', '不启用']] },
  { code: 'tenant_status', name: '租户状态', type: 1, items: [['1', '正常'], ['0', '冻结']] },
  { code: 'valid_status', name: '有效无效状态', items: [['1', '有效'], ['0', '无效']] },
  { code: 'dict_item_status', name: '字典项状态', type: 1, items: [['1', '启用'], ['0', '不启用']] },
  { code: 'yn', name: '是否', type: 1, items: [['1', '是'], ['0', '否']] },
  { code: 'log_type', name: '日志类型', type: 1, items: [['1', '登录日志'], ['2', '操作日志']] },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 1,
    items: [['1', '查询'], ['2', '添加'], ['3', '修改'], ['4', '删除'], ['5', '导入'], ['6', '导出']],
  },
  { code: 'perms_type', name: '权限策略', items: [['1', '显示'], ['2', '禁用']] },
  { code: 'global_perms_type', name: '全局权限策略', items: [['1', '可见/可访问'], ['2', '可编辑/未禁用']] },
  { code: 'org_category', name: '机构类型', items: [['1', '公司'], ['2', '部门'], ['3', '岗位']] },
  { code: 'user_identity', name: '用户身份', type: 1, items: [['1', '普通用户'], ['2', '上级']] },
  { code: 'msg_category', name: '消息类型', items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'msg_type', name: '通告对象类型', items: [['USER', '指定用户'], ['ALL', '全体用户']] },
  { code: 'send_status', name: '发布状态', items: [['0', '未发布'], ['1', '已发布'], ['2', '已撤销']] },  {
    code: 'position_rank',
    name: '职务职级',
    items: [['1', '员级'], ['2', '助级'], ['3', '中级'], ['4', '副高级'], ['5', '正高级']],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [['eq', '等于'], ['ne', '不等于'], ['gt', '大于'], ['ge', '大于等于'], ['lt', '小于'], ['le', '小于等于'], ['in', '包含'], ['like', '模糊'], ['left_like', '左模糊'], ['right_like', '右模糊']],
  },
];

/** The enum dictionary the contract adds to sysAllDictItems (not stored in sys_dict). */
export const ENUM_DICTS: Record<string, Array<[string, string]>> = {
  messageType: [
    ['system', '系统消息'],
    ['email', '邮件消息'],
    ['dingtalk', '钉钉消息'],
    ['wechat_enterprise', '企业微信消息'],
  ],
};

/**
 * What the administration console can do, as permissions. Roles hold permissions as data (the role_permissions
 * table, seeded from prisma/seed/roles.json); every admin route names the one it needs.
 */
export const PERMISSIONS = {
  dashboard: '查看概览',
  'review.resources': '审核资源',
  'review.classroom': '审核课程与专题',
  reports: '处理举报',
  'users.read': '查看用户',
  'users.write': '管理用户（新建、编辑、停用、重置密码、解锁、名册导入）',
  'users.roles': '分配角色与设置角色权限',
  schools: '管理学校',
  dict: '管理学段学科与地区',
  'money.verify': '审核实名认证',
  'money.withdraw': '审核提现',
  'money.invoice': '开具发票',
  'money.coupon': '发放优惠券',
  'money.refund': '订单退款',
  'money.ledger': '核对账本',
  curation: '首页与精品课堂推荐',
  catalogue: '维护教材目录',
  audit: '查看操作日志',
  workorders: '处理工单',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as Permission[];

/**
 * How far an administrative role reaches: the whole district, the holder's own school, or the holder's own stage
 * and subject (教研员). A role with scope `none` holds no admin permissions.
 */
export const ROLE_SCOPES = {
  all: '全区',
  school: '本校',
  subject: '本学段学科',
  none: '无',
} as const;
export type RoleScope = keyof typeof ROLE_SCOPES;

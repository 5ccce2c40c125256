import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  PictureOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Permission } from '@zyk/shared';
import type { ReactNode } from 'react';

export interface ConsolePage {
  /** Below /admin/. */
  path: string;
  label: string;
  permission: Permission;
}

export interface ConsoleGroup {
  key: string;
  label: string;
  icon: ReactNode;
  pages: ConsolePage[];
}

/** The console's pages by group, as the side menu shows them; a page shows only to holders of its permission. */
export const CONSOLE_NAV: ConsoleGroup[] = [
  {
    key: 'overview',
    label: '概览',
    icon: <DashboardOutlined aria-hidden />,
    pages: [{ path: 'dashboard', label: '数据概览', permission: 'dashboard' }],
  },
  {
    key: 'review',
    label: '审核',
    icon: <AuditOutlined aria-hidden />,
    pages: [
      { path: 'review', label: '资源审核', permission: 'review.resources' },
      { path: 'classroom-review', label: '课程与专题审核', permission: 'review.classroom' },
      { path: 'reports', label: '举报处理', permission: 'reports' },
    ],
  },
  {
    key: 'people',
    label: '人员与学校',
    icon: <TeamOutlined aria-hidden />,
    pages: [
      { path: 'users', label: '用户管理', permission: 'users.read' },
      { path: 'roster', label: '名册导入', permission: 'users.write' },
      { path: 'registrations', label: '注册审核', permission: 'users.read' },
      { path: 'schools', label: '学校管理', permission: 'schools' },
      { path: 'roles', label: '角色权限', permission: 'users.roles' },
    ],
  },
  {
    key: 'money',
    label: '资金',
    icon: <AccountBookOutlined aria-hidden />,
    pages: [
      { path: 'verifications', label: '实名认证', permission: 'money.verify' },
      { path: 'withdrawals', label: '提现审核', permission: 'money.withdraw' },
      { path: 'invoices', label: '发票', permission: 'money.invoice' },
      { path: 'coupons', label: '优惠券', permission: 'money.coupon' },
      { path: 'refunds', label: '订单退款', permission: 'money.refund' },
      { path: 'ledger', label: '账本核对', permission: 'money.ledger' },
    ],
  },
  {
    key: 'curation',
    label: '内容运营',
    icon: <PictureOutlined aria-hidden />,
    pages: [
      { path: 'banners', label: '首页横幅与公告', permission: 'curation' },
      { path: 'featured', label: '精品课堂推荐', permission: 'curation' },
      { path: 'catalogue', label: '教材目录', permission: 'catalogue' },
    ],
  },
  {
    key: 'system',
    label: '系统',
    icon: <BankOutlined aria-hidden />,
    pages: [
      { path: 'dict', label: '学段学科与地区', permission: 'dict' },
      { path: 'workorders', label: '工单', permission: 'workorders' },
      { path: 'audit', label: '操作日志', permission: 'audit' },
    ],
  },
];

export const CONSOLE_PAGES = CONSOLE_NAV.flatMap((group) => group.pages);

import { NavLink } from 'react-router-dom';
import styles from './commerce.module.css';

const INCOME_TABS = [
  { to: '/personSpace/account/income/income', label: '收入统计' },
  { to: '/personSpace/account/income/withdrawalRecords', label: '提现记录' },
  { to: '/personSpace/account/income/withdrawal', label: '申请提现' },
  { to: '/personSpace/account/income/aftertaxincome', label: '税后收入' },
];

const EXPENDITURE_TABS = [
  { to: '/personSpace/account/expenditure/expenditure', label: '支出与订单' },
  { to: '/personSpace/account/expenditure/invoicerecords', label: '开票记录' },
];

/** The screens of one account area (income or expenditure), as tabs under the page title. */
export const AccountTabs = ({ area }: { area: 'income' | 'expenditure' }) => (
  <nav className={styles.tabs} aria-label={area === 'income' ? '账户收入' : '账户支出'}>
    {(area === 'income' ? INCOME_TABS : EXPENDITURE_TABS).map((tab) => (
      <NavLink
        key={tab.to}
        to={tab.to}
        className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
      >
        {tab.label}
      </NavLink>
    ))}
  </nav>
);

/** A money table's pagination: only when there is more than one page. */
export const pagination = (page: number, total: number, size: number, onChange: (page: number) => void) =>
  total > size
    ? { current: page, pageSize: size, total, onChange, showSizeChanger: false, showTotal: (n: number) => `共 ${n} 条` }
    : false;

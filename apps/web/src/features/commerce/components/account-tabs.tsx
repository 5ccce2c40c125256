import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
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
const AccountTabs = ({ area }: { area: 'income' | 'expenditure' }) => (
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

/**
 * One screen of an account area: the panel with its title (and an optional action at the right end of the title
 * row), the area's tabs, then the screen itself.
 */
export const AccountPage = ({
  id,
  title,
  area,
  action,
  children,
}: {
  id: string;
  title: string;
  area: 'income' | 'expenditure';
  action?: ReactNode;
  children: ReactNode;
}) => (
  <section className={styles.panel} aria-labelledby={id}>
    <header className={styles.panelHeader}>
      <h1 id={id} className={panelStyles.panelTitle}>
        {title}
      </h1>
      {action}
    </header>
    <AccountTabs area={area} />
    {children}
  </section>
);

/** A money table's pagination: only when there is more than one page. */
export const pagination = (page: number, total: number, size: number, onChange: (page: number) => void) =>
  total > size
    ? { current: page, pageSize: size, total, onChange, showSizeChanger: false, showTotal: (n: number) => `共 ${n} 条` }
    : false;

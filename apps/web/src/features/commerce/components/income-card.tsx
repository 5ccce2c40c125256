import { Link } from 'react-router-dom';
import panelStyles from '../../../components/panel.module.css';
import { AccountCards } from './account-cards.tsx';
import styles from './commerce.module.css';

/** Personal space's overview card of the wallet. */
export const IncomeCard = () => (
  <section className={styles.panel} aria-labelledby="overview-income" data-testid="income-card">
    <header className={styles.panelHeader}>
      <h2 id="overview-income" className={panelStyles.panelSubtitle}>
        我的账户
      </h2>
      <Link className={panelStyles.panelAction} to="/personSpace/account/income/income">
        收入明细 ›
      </Link>
      <Link to="/personSpace/account/income/withdrawal">提现 ›</Link>
    </header>
    <AccountCards compact />
  </section>
);

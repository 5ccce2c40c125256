import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import styles from './commerce.module.css';

/** The end of an account form: why its last submission failed, if it did, then the submit button. */
export const FormFooter = ({
  failure,
  pending,
  disabled,
  children,
}: {
  failure: string | null;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <>
    {failure && <Alert className={styles.notice} type="error" showIcon title={failure} />}
    <Button type="primary" htmlType="submit" disabled={disabled} loading={pending} autoInsertSpace={false}>
      {children}
    </Button>
  </>
);

import { SecuritySettingsPage } from '../../features/auth/site/security/security-page.tsx';

/** /auth/securitySettings?roleTypeId=&roleId= */
export const SecuritySettings = () => <SecuritySettingsPage />;

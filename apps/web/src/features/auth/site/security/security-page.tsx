import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@zyk/shared';
import { Alert, message } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SitePage, SitePanel } from '../frame/site-page.tsx';
import { DevicesSection } from './devices-section.tsx';
import { HistorySection } from './history-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import styles from './security.module.css';
import { securityKeys } from './security-api.ts';
import { WechatSection } from './wechat-section.tsx';

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** The message for the outcome a WeChat binding came back with (`wechatBind=`), or null for none/unknown. */
const bindNotice = (outcome: string | null): { ok: boolean; text: string } | null => {
  if (!outcome) return null;
  if (outcome === 'ok') return { ok: true, text: MESSAGES.security.wechatBound };
  if (outcome === 'already') return { ok: false, text: MESSAGES.security.wechatAlreadyBound };
  const failed: Record<string, string> = MESSAGES.security.wechatBindFailed;
  return Object.hasOwn(failed, outcome) ? { ok: false, text: failed[outcome] as string } : null;
};

/** 安全设置: password, phone, WeChat binding, devices and login history of the logged-in account. */
export const SecuritySettingsPage = () => {
  const [toast, toastHolder] = message.useMessage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const role = { roleTypeId: positiveInt(params.get('roleTypeId')), roleId: positiveInt(params.get('roleId')) };
  const [notice, setNotice] = useState(() => bindNotice(params.get('wechatBind')));

  // The binding's outcome is shown once: the parameter leaves the address so a reload does not repeat it.
  useEffect(() => {
    if (!params.has('wechatBind')) return;
    const outcome = bindNotice(params.get('wechatBind'));
    setNotice(outcome);
    void queryClient.invalidateQueries({ queryKey: securityKeys.wechat() });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('wechatBind');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, queryClient]);

  return (
    <SitePage title="安全设置" subtitle="管理登录密码、手机号、微信绑定和登录设备" requireLogin>
      {toastHolder}
      {notice && (
        <Alert
          className={styles.notice}
          type={notice.ok ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setNotice(null)}
          title={notice.text}
          data-testid="security-wechat-notice"
        />
      )}
      <SitePanel title="账号安全" testId="security-account">
        <div className={styles.rows}>
          <PasswordSection toast={toast} />
          <PhoneSection toast={toast} />
          <WechatSection toast={toast} role={role} />
        </div>
      </SitePanel>
      <DevicesSection toast={toast} />
      <HistorySection />
    </SitePage>
  );
};

import { WechatOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@zyk/shared';
import { Button, Modal, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import type { Toast } from '../../../../lib/toast.ts';
import styles from './security.module.css';
import { securityKeys, startWechatBind, unbindWechat, wechatQuery } from './security-api.ts';

/** 微信绑定: the status, binding (off to WeChat's QR-code page, back with the outcome), and unbinding. */
export const WechatSection = ({ toast, role }: { toast: Toast; role: { roleTypeId?: number; roleId?: number } }) => {
  const queryClient = useQueryClient();
  const status = useQuery(wechatQuery);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const bound = status.data?.bound === true;

  const bind = async () => {
    setBusy(true);
    try {
      const { authorizeUrl } = await startWechatBind(role.roleTypeId, role.roleId);
      window.location.assign(authorizeUrl);
    } catch (error) {
      toast.error(errorText(error, '无法开始绑定，请稍后重试'));
      setBusy(false);
    }
  };

  const unbind = async () => {
    setBusy(true);
    try {
      await unbindWechat();
      toast.success(MESSAGES.security.wechatUnbound);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: securityKeys.wechat() });
    } catch (error) {
      toast.error(errorText(error, '解除绑定失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const text = status.isPending
    ? '正在读取…'
    : status.isError
      ? errorText(status.error)
      : bound
        ? `已绑定微信“${status.data?.nickname ?? '微信用户'}”${status.data?.boundAt ? `，绑定于 ${formatDateTime(status.data.boundAt)}` : ''}`
        : '未绑定。绑定后可用微信扫码确认身份';

  return (
    <div className={styles.row} data-testid="security-wechat">
      <span className={bound ? styles.rowIconOk : styles.rowIcon}>
        <WechatOutlined aria-hidden />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowTitle}>
          微信绑定{' '}
          {status.data?.provider === 'sandbox' && (
            <Tag color="orange" bordered={false}>
              沙箱
            </Tag>
          )}
        </div>
        <div className={styles.rowText}>{text}</div>
      </div>
      <div className={styles.rowAction}>
        {status.isSuccess &&
          (bound ? (
            <Button danger onClick={() => setConfirming(true)} disabled={busy}>
              解除绑定
            </Button>
          ) : (
            <Button type="primary" onClick={() => void bind()} loading={busy}>
              绑定微信
            </Button>
          ))}
      </div>
      <Modal
        title="解除微信绑定"
        open={confirming}
        onCancel={() => setConfirming(false)}
        onOk={() => void unbind()}
        okText="解除绑定"
        okButtonProps={{ danger: true, loading: busy }}
        cancelText="取消"
      >
        确定解除与微信“{status.data?.nickname ?? '微信用户'}”的绑定吗？解除后需重新扫码才能绑定。
      </Modal>
    </div>
  );
};

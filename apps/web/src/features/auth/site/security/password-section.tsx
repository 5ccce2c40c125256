import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { encryptPassword, MESSAGES } from '@zyk/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import { clientConfigQuery } from '../../../../lib/client-config.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { NewPasswordFields } from '../password/new-password-fields.tsx';
import styles from './security.module.css';
import { changePassword, securityKeys } from './security-api.ts';

interface Fields {
  oldPassword?: string;
  newPassword?: string;
  confirm?: string;
}

const PasswordForm = ({ onDone, toast }: { onDone: () => void; toast: Toast }) => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Fields) => {
    setSaving(true);
    try {
      const { transportKey } = await queryClient.fetchQuery(clientConfigQuery);
      await changePassword(
        encryptPassword(values.oldPassword ?? '', transportKey),
        encryptPassword(values.newPassword ?? '', transportKey),
      );
      toast.success(MESSAGES.account.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
      onDone();
    } catch (error) {
      toast.error(errorText(error, '修改失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={saving}>
      <p className={styles.rule}>修改后，其他设备上的登录将全部退出。</p>
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <NewPasswordFields name="newPassword" />
      <Button type="primary" htmlType="submit" block loading={saving}>
        确认修改
      </Button>
    </Form>
  );
};

/** 登录密码: a row with the rule and a dialog to change it (old + new, encrypted like the login). */
export const PasswordSection = ({ toast }: { toast: Toast }) => {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.row} data-testid="security-password">
      <span className={styles.rowIcon}>
        <LockOutlined aria-hidden />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowTitle}>登录密码</div>
        <div className={styles.rowText}>定期更换密码可以保护账号安全；密码须 8-32 位，同时包含字母和数字。</div>
      </div>
      <div className={styles.rowAction}>
        <Button onClick={() => setOpen(true)}>修改密码</Button>
      </div>
      <Modal title="修改登录密码" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <PasswordForm onDone={() => setOpen(false)} toast={toast} />
      </Modal>
    </div>
  );
};

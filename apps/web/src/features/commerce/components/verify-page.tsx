import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { isValidIdCard, MESSAGES, REAL_NAME_PATTERN, VERIFICATION_STATUS } from '@zyk/shared';
import { Alert, Button, Descriptions, Form, Input, message, Skeleton, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import panelStyles from '../../../components/panel.module.css';
import { EmptyState, LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { sendPhoneCode } from '../api/commerce-api.ts';
import {
  useChangePhone,
  usePayPasswordStatus,
  useSetPayPassword,
  useSubmitVerification,
  useVerification,
} from '../hooks/use-commerce.ts';
import { requiredAndValid } from '../lib/form-rules.ts';
import styles from './commerce.module.css';
import { FormFooter } from './form-footer.tsx';
import { PAY_PASSWORD_RULE, PayPasswordFields, type PayPasswordValues } from './pay-password-fields.tsx';

const STATUS_COLORS = { NONE: 'default', PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' } as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'];
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** /personSpace/verify: identity verification, the pay password and the bound phone. */
export const VerifyPage = () => (
  <>
    <IdentitySection />
    <PayPasswordSection />
    <PhoneSection />
  </>
);

const IdentitySection = () => {
  const info = useVerification();
  return (
    <section className={styles.panel} aria-labelledby="verify-title">
      <header className={styles.panelHeader}>
        <h1 id="verify-title" className={panelStyles.panelTitle}>
          实名认证
        </h1>
        {info.data && (
          <Tag className={panelStyles.panelAction} color={STATUS_COLORS[info.data.status]} data-testid="verify-status">
            {VERIFICATION_STATUS[info.data.status]}
          </Tag>
        )}
      </header>
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : info.isError ? (
        <LoadError message={errorText(info.error, '认证信息加载失败')} onRetry={() => void info.refetch()} />
      ) : (
        <>
          {info.data.status === 'NONE' && (
            <p className={styles.muted}>
              出售资源的收入提现前须完成实名认证。请填写本人身份证信息并上传身份证正反面照片，管理员审核后生效。
            </p>
          )}
          {info.data.status !== 'NONE' && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              bordered
              className={styles.notice}
              data-testid="verify-info"
              items={[
                { key: 'name', label: '真实姓名', children: info.data.realName },
                { key: 'id', label: '身份证号', children: info.data.idCard },
                { key: 'submitted', label: '提交时间', children: formatDateTime(info.data.submittedAt) },
                { key: 'reviewed', label: '审核时间', children: formatDateTime(info.data.reviewedAt) || '—' },
              ]}
            />
          )}
          {info.data.status === 'PENDING' && (
            <Alert type="info" showIcon title="认证申请审核中" description="管理员审核后会通过站内消息通知您。" />
          )}
          {info.data.status === 'APPROVED' && <Alert type="success" showIcon title="已通过实名认证" />}
          {info.data.status === 'REJECTED' && (
            <Alert
              className={styles.notice}
              type="error"
              showIcon
              title="认证未通过"
              description={`审核意见：${info.data.reviewNote ?? '无'}。请修改后重新提交。`}
            />
          )}
          {info.data.canSubmit && <IdentityForm />}
        </>
      )}
    </section>
  );
};

interface IdentityValues {
  realName: string;
  idCard: string;
  frontFileId: string;
  backFileId: string;
}

/**
 * A form sent through `mutation`: `send` clears the last failure, then puts a new one in words (`fallback` when the
 * server gives none); `onSuccess` runs after the mutation's own.
 */
const useSubmission = <R, V, C>(mutation: UseMutationResult<R, Error, V, C>, fallback: string) => {
  const [failure, setFailure] = useState<string | null>(null);
  const send = (variables: V, onSuccess?: (result: R) => void) => {
    setFailure(null);
    mutation.mutate(variables, { onSuccess, onError: (error) => setFailure(errorText(error, fallback)) });
  };
  return { failure, setFailure, send };
};

const IdentityForm = () => {
  const [form] = Form.useForm<IdentityValues>();
  const submit = useSubmitVerification();
  const { failure, send } = useSubmission(submit, '提交失败，请稍后重试');
  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.form}
      style={{ marginTop: 16 }}
      onFinish={(values) =>
        send({ ...values, realName: values.realName.trim(), idCard: values.idCard.trim().toUpperCase() })
      }
      data-testid="verify-form"
    >
      <Form.Item
        name="realName"
        label="真实姓名"
        rules={requiredAndValid(
          '请输入真实姓名',
          (v) => REAL_NAME_PATTERN.test(v),
          '真实姓名须为 2-20 个汉字（少数民族姓名可含“·”）',
        )}
      >
        <Input maxLength={20} placeholder="与身份证一致" />
      </Form.Item>
      <Form.Item
        name="idCard"
        label="身份证号"
        rules={requiredAndValid('请输入身份证号', (v) => isValidIdCard(v.toUpperCase()), '请输入正确的 18 位身份证号')}
      >
        <Input maxLength={18} placeholder="18 位身份证号" />
      </Form.Item>
      <Form.Item
        name="frontFileId"
        label="身份证人像面"
        rules={[{ required: true, message: '请上传身份证人像面照片' }]}
      >
        <IdImageField label="人像面" />
      </Form.Item>
      <Form.Item name="backFileId" label="身份证国徽面" rules={[{ required: true, message: '请上传身份证国徽面照片' }]}>
        <IdImageField label="国徽面" />
      </Form.Item>
      <FormFooter failure={failure} pending={submit.isPending}>
        提交认证
      </FormFooter>
    </Form>
  );
};

/** One ID-card photo, uploaded at once through the document upload; the value is the stored file's id. */
const IdImageField = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange?: (fileId: string | undefined) => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (file: File) => {
    setFailure(null);
    onChange?.(undefined);
    if (!IMAGE_TYPES.includes(file.type)) {
      setFailure('请上传 jpg、png、gif 或 bmp 图片');
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setFailure('图片不能超过 10M');
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      onChange?.(await uploadImage(file));
    } catch (error) {
      setFailure(errorText(error, '图片上传失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.imageField} data-file-id={value}>
      {preview ? (
        <img src={preview} alt={`身份证${label}预览`} className={styles.imagePreview} />
      ) : (
        <button type="button" className={styles.imageEmpty} onClick={() => input.current?.click()}>
          <span>
            <PictureOutlined aria-hidden /> 上传{label}
          </span>
        </button>
      )}
      <Space direction="vertical" size={4}>
        {preview && (
          <Button size="small" onClick={() => input.current?.click()} autoInsertSpace={false}>
            更换
          </Button>
        )}
        {busy && (
          <span className={styles.muted}>
            <LoadingOutlined aria-hidden /> 上传中…
          </span>
        )}
        {value && !busy && <span className={styles.muted}>已上传</span>}
        {failure && <span className={styles.note}>{failure}</span>}
        <span className={styles.muted}>jpg、png、gif、bmp 图片，不超过 10M，四角完整、字迹清晰。</span>
      </Space>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,.gif,.bmp"
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-label={`选择身份证${label}照片`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void choose(file);
        }}
      />
    </div>
  );
};

const PayPasswordSection = () => {
  const status = usePayPasswordStatus();
  const save = useSetPayPassword();
  const [form] = Form.useForm<PayPasswordValues>();
  const [toast, toastHolder] = message.useMessage();
  const { failure, send } = useSubmission(save, '保存失败，请稍后重试');
  const set = status.data?.payPasswordSet;
  return (
    <section className={styles.panel} aria-labelledby="paypwd-title">
      {toastHolder}
      <header className={styles.panelHeader}>
        <h2 id="paypwd-title" className={panelStyles.panelSubtitle}>
          支付密码
        </h2>
        {status.data && (
          <Tag className={panelStyles.panelAction} color={set ? 'green' : 'default'} data-testid="paypwd-status">
            {set ? '已设置' : '未设置'}
          </Tag>
        )}
        {status.data?.locked && <Tag color="red">错误次数过多，已锁定 15 分钟</Tag>}
      </header>
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : status.isError ? (
        <LoadError message={errorText(status.error, '支付密码状态加载失败')} onRetry={() => void status.refetch()} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className={styles.form}
          onFinish={(values) =>
            send({ loginPassword: values.loginPassword, payPassword: values.payPassword }, () => {
              form.resetFields();
              void toast.success(set ? '支付密码已修改' : '支付密码已设置');
            })
          }
          data-testid="paypwd-form"
        >
          <p className={styles.muted}>余额支付与提现时验证。{PAY_PASSWORD_RULE}</p>
          <PayPasswordFields replacing={!!set} />
          <FormFooter failure={failure} pending={save.isPending}>
            {set ? '修改支付密码' : '设置支付密码'}
          </FormFooter>
        </Form>
      )}
    </section>
  );
};

const PhoneSection = () => {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const change = useChangePhone();
  const [toast, toastHolder] = message.useMessage();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const { failure, setFailure, send: submit } = useSubmission(change, '更换失败，请稍后重试');
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setFailure(null);
    try {
      const { phone } = await form.validateFields(['phone']);
      setSending(true);
      const res = await sendPhoneCode(phone.trim());
      setWait(res.resendInSeconds);
      void toast.success('验证码已发送，5 分钟内有效');
    } catch (error) {
      if (error instanceof Error) setFailure(errorText(error, '验证码发送失败，请稍后重试'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="phone-title">
      {toastHolder}
      <header className={styles.panelHeader}>
        <h2 id="phone-title" className={panelStyles.panelSubtitle}>
          更换手机号
        </h2>
      </header>
      {done ? (
        <EmptyState title={`已绑定新手机号 ${done}`}>
          <Button onClick={() => setDone(null)}>再次更换</Button>
        </EmptyState>
      ) : (
        <Form
          form={form}
          layout="vertical"
          className={styles.form}
          onFinish={(values) =>
            submit({ phone: values.phone.trim(), code: values.code.trim() }, (r) => {
              form.resetFields();
              setDone(r.phone);
            })
          }
        >
          <Form.Item
            name="phone"
            label="新手机号"
            rules={[
              { required: true, message: MESSAGES.account.phoneInvalid },
              { pattern: /^1[3-9]\d{9}$/, message: MESSAGES.account.phoneInvalid },
            ]}
          >
            <Input maxLength={11} inputMode="tel" placeholder="11 位手机号" />
          </Form.Item>
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, message: '请输入验证码' },
                  { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
                ]}
              >
                <Input maxLength={6} inputMode="numeric" placeholder="6 位数字" aria-label="短信验证码" />
              </Form.Item>
              <Button onClick={() => void send()} disabled={wait > 0} loading={sending}>
                {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
          <FormFooter failure={failure} pending={change.isPending}>
            确认更换
          </FormFooter>
        </Form>
      )}
    </section>
  );
};

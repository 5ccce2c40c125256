import { useQuery, useQueryClient } from '@tanstack/react-query';
import { encryptPassword, isValidIdCard, MESSAGES, type RegisterOptions, USER_NAME_PATTERN } from '@zyk/shared';
import { Alert, Button, Form, Input, message, Result, Select, Spin } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../../components/status.tsx';
import { errorText } from '../../../../lib/api-result.ts';
import { clientConfigQuery } from '../../../../lib/client-config.ts';
import { sessionActions } from '../../../../stores/session.ts';
import type { CaptchaAnswer } from '../../api/captcha.ts';
import { SliderCaptcha } from '../../components/slider-captcha.tsx';
import { completeLogin } from '../../lib/session-sync.ts';
import { NewPasswordFields } from '../password/new-password-fields.tsx';
import styles from './register.module.css';
import { getRegisterOptions, registerKeys, sendRegisterCode, submitRegistration } from './register-api.ts';
import { SmsCodeField } from './sms-code-field.tsx';

interface Fields {
  realName?: string;
  userName?: string;
  phone?: string;
  captcha?: CaptchaAnswer | null;
  code?: string;
  password?: string;
  confirm?: string;
  idCard?: string;
  schoolId?: number;
  stageId?: number;
  subjectId?: number;
}

const PHONE = /^1[3-9]\d{9}$/;

const POLICY_NOTICE: Record<RegisterOptions['policy'], string | null> = {
  open: null,
  approval: '注册后由所选学校的管理员审核，审核结果将以短信通知；通过后即可登录。',
  roster: '本区仅限教师名单内的教师注册：请填写与名单一致的真实姓名，以及名单上的手机号或身份证号。',
};

/**
 * The registration form: who (real name, user name, optional ID number), the phone with its SMS code (asked for
 * only after the slider puzzle is solved), the password with its rule and strength, and school, stage and subject.
 * Open and roster registrations are logged in at once and go back to `backTo`; an approval registration shows
 * that it waits for the school.
 */
export const RegisterForm = ({ backTo, onDone }: { backTo: string; onDone: (path: string) => void }) => {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [toast, toastHolder] = message.useMessage();
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState(false);
  const options = useQuery({ queryKey: registerKeys.options(), queryFn: getRegisterOptions });
  const phone = Form.useWatch('phone', form) ?? '';
  const captcha = Form.useWatch('captcha', form);
  const stageId = Form.useWatch('stageId', form);

  const canSend: true | string = !PHONE.test(phone.trim())
    ? '请先填写正确的手机号'
    : captcha
      ? true
      : MESSAGES.registration.captchaRequired;

  const sendCode = async () => {
    const answer = form.getFieldValue('captcha') as CaptchaAnswer | null | undefined;
    if (!answer) {
      toast.error(MESSAGES.registration.captchaRequired);
      return null;
    }
    try {
      const sent = await sendRegisterCode({ phone: phone.trim(), verifyImageResult: answer });
      toast.success(`${MESSAGES.account.smsSent}，${sent.expiresInSeconds / 60} 分钟内有效`);
      return sent.resendInSeconds;
    } catch (error) {
      toast.error(errorText(error, '验证码发送失败，请稍后重试'));
      return null;
    } finally {
      form.setFieldValue('captcha', null); // a puzzle serves one request: the slider fetches a new one
    }
  };

  const submit = async (values: Fields) => {
    setSubmitting(true);
    try {
      const { transportKey } = await queryClient.fetchQuery(clientConfigQuery);
      const result = await submitRegistration({
        realName: (values.realName ?? '').trim(),
        userName: (values.userName ?? '').trim(),
        phone: (values.phone ?? '').trim(),
        code: (values.code ?? '').trim(),
        password: encryptPassword(values.password ?? '', transportKey),
        idCard: (values.idCard ?? '').trim().toUpperCase(),
        schoolId: values.schoolId ?? 0,
        stageId: values.stageId ?? 0,
        subjectId: values.subjectId ?? 0,
      });
      if (result.status === 'PENDING') {
        setPending(true);
        return;
      }
      await completeLogin(result.memberId);
      toast.success(MESSAGES.registration.registered);
      onDone(backTo);
    } catch (error) {
      toast.error(errorText(error, '注册失败，请稍后重试'));
    } finally {
      setSubmitting(false);
    }
  };

  if (pending) {
    return (
      <div className={styles.card} data-testid="register-pending">
        <Result
          status="success"
          title="注册申请已提交"
          subTitle={MESSAGES.registration.submittedPending}
          extra={
            <Button type="primary" onClick={() => onDone(backTo)}>
              返回
            </Button>
          }
        />
      </div>
    );
  }
  if (options.isError) {
    return <LoadError message="注册信息加载失败" onRetry={() => void options.refetch()} />;
  }
  if (!options.data) {
    return (
      <div className={styles.card}>
        <Spin />
      </div>
    );
  }
  const { policy, schools, stages } = options.data;
  const subjects = stages.find((s) => s.id === stageId)?.subjects ?? [];
  const notice = POLICY_NOTICE[policy];

  return (
    <div className={styles.card}>
      {toastHolder}
      {notice && <Alert type="info" showIcon title={notice} className={styles.notice} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.form}
        disabled={submitting}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        <div className={styles.pair}>
          <Form.Item
            name="realName"
            label="真实姓名"
            rules={[
              { required: true, whitespace: true, message: '请输入真实姓名' },
              { min: 2, max: 30, message: MESSAGES.registration.realNameInvalid },
            ]}
          >
            <Input placeholder="与身份证一致" autoComplete="name" maxLength={30} />
          </Form.Item>
          <Form.Item
            name="userName"
            label="用户名"
            rules={[
              { required: true, whitespace: true, message: '请设置用户名' },
              { pattern: USER_NAME_PATTERN, message: MESSAGES.registration.userNameInvalid },
            ]}
          >
            <Input placeholder="字母开头，3-32 位" autoComplete="username" maxLength={32} />
          </Form.Item>
        </div>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, whitespace: true, message: '请输入手机号' },
            { pattern: PHONE, message: MESSAGES.account.phoneInvalid },
          ]}
        >
          <Input placeholder="用于登录和找回密码" inputMode="tel" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <Form.Item name="captcha" label="安全验证" extra="完成滑块验证后才能获取短信验证码">
          <SliderCaptcha />
        </Form.Item>
        <Form.Item
          name="code"
          label="短信验证码"
          rules={[
            { required: true, message: '请输入短信验证码' },
            { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
          ]}
        >
          <SmsCodeField onSend={sendCode} canSend={canSend} />
        </Form.Item>
        <NewPasswordFields label="登录密码" confirmLabel="确认密码" />
        <Form.Item
          name="idCard"
          label="身份证号（选填）"
          rules={[
            {
              validator: (_, v: string | undefined) =>
                !v?.trim() || isValidIdCard(v.trim().toUpperCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(MESSAGES.registration.idCardInvalid)),
            },
          ]}
        >
          <Input placeholder="可用于登录和找回密码" maxLength={18} />
        </Form.Item>
        <Form.Item
          name="schoolId"
          label="所在学校"
          rules={[{ required: true, message: MESSAGES.registration.schoolInvalid }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择学校（可输入搜索）"
            options={schools.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="stageId" label="学段" rules={[{ required: true, message: '请选择学段' }]}>
            <Select
              placeholder="请选择学段"
              options={stages.map((s) => ({ value: s.id, label: s.name }))}
              onChange={() => form.setFieldValue('subjectId', undefined)}
            />
          </Form.Item>
          <Form.Item name="subjectId" label="学科" rules={[{ required: true, message: '请选择学科' }]}>
            <Select
              placeholder="请选择学科"
              notFoundContent={stageId ? '该学段暂无学科' : '请先选择学段'}
              options={subjects.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} autoInsertSpace={false}>
          {policy === 'approval' ? '提交注册申请' : '注册'}
        </Button>
        <div className={styles.links}>
          <span>
            已有账号？
            <Button type="link" size="small" onClick={() => sessionActions.openLogin()}>
              去登录
            </Button>
          </span>
        </div>
      </Form>
    </div>
  );
};

import type { AdminUserDetail, AdminUserOptions } from '@zyk/shared';
import { Checkbox, Form, Input, Modal, message, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import type { NewUser, UserEdit } from '../api/people-api.ts';
import { useConfirmPassword } from '../components/confirm-password.tsx';
import { useCreateUser, useResetUserPassword, useSetUserRoles, useUpdateUser } from '../hooks/use-people.ts';
import styles from './people.module.css';

const PASSWORD_RULE = {
  pattern: /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/,
  message: '密码须为 8-32 位，同时包含字母和数字',
};
const PHONE_RULE = { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' };
const ID_CARD_RULE = { pattern: /^\d{17}[\dXx]$/, message: '身份证号须为 18 位' };

/** 姓名, as the create and edit forms ask it. */
const NameField = () => (
  <Form.Item name="realName" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
    <Input maxLength={30} autoComplete="off" />
  </Form.Item>
);

/** 手机号 and 身份证号, both optional. */
const ContactFields = () => (
  <>
    <Form.Item name="phone" label="手机号" rules={[PHONE_RULE]}>
      <Input maxLength={11} inputMode="numeric" autoComplete="off" />
    </Form.Item>
    <Form.Item name="idCard" label="身份证号" rules={[ID_CARD_RULE]}>
      <Input maxLength={18} autoComplete="off" />
    </Form.Item>
  </>
);

/**
 * 学段 then 学科 (the subjects of the chosen stage; a new stage clears the subject). The create form names them
 * (`stage`, `subject`, the roster's words), the edit form gives their ids (`stageId`, `subjectId`).
 */
const StageSubjectFields = ({
  stages,
  by,
  searchable = false,
}: {
  stages: AdminUserOptions['stages'];
  by: 'name' | 'id';
  searchable?: boolean;
}) => {
  const form = Form.useFormInstance();
  const [stageField, subjectField] = by === 'name' ? ['stage', 'subject'] : ['stageId', 'subjectId'];
  const stage: unknown = Form.useWatch(stageField, form);
  const subjects = stages.find((s) => s[by] === stage)?.subjects ?? [];
  const search = searchable ? { showSearch: { optionFilterProp: 'label' } } : {};
  return (
    <>
      <Form.Item name={stageField} label="学段">
        <Select
          allowClear
          {...search}
          placeholder="选择学段"
          options={stages.map((s) => ({ value: s[by], label: s.name }))}
          onChange={() => form.setFieldValue(subjectField, by === 'name' ? undefined : null)}
        />
      </Form.Item>
      <Form.Item name={subjectField} label="学科">
        <Select
          allowClear
          {...search}
          placeholder={stage ? '选择学科' : '请先选择学段'}
          notFoundContent="请先选择学段"
          options={subjects.map((s) => ({ value: s[by], label: s.name }))}
        />
      </Form.Item>
    </>
  );
};

/** 新建用户: the fields of a roster row (the server checks them with the roster's rules). */
export const CreateUserModal = ({
  options,
  schoolFixed,
  rolesAllowed,
  onClose,
  onCreated,
}: {
  options: AdminUserOptions;
  /** A school administrator's users join their school. */
  schoolFixed: boolean;
  /** May give roles other than 教师 (district administrators with 角色 permission). */
  rolesAllowed: boolean;
  onClose: () => void;
  onCreated: (id: number, realName: string) => void;
}) => {
  const [form] = Form.useForm<NewUser>();
  const create = useCreateUser();
  const submit = (values: NewUser) => {
    const body: NewUser = {
      realName: values.realName ?? '',
      userName: values.userName ?? '',
      password: values.password ?? '',
      phone: values.phone ?? '',
      idCard: values.idCard ?? '',
      stage: values.stage ?? '',
      subject: values.subject ?? '',
      school: values.school ?? '',
      role: values.role ?? 'teacher',
    };
    // The form shows a failure (create.error).
    void create.mutateAsync(body).then(
      ({ id }) => onCreated(id, body.realName),
      () => {},
    );
  };
  return (
    <Modal
      open
      title="新建用户"
      okText="创建"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<NewUser>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ role: 'teacher' }}
        data-testid="create-user-form"
      >
        <NameField />
        <Form.Item
          name="userName"
          label="用户名"
          extra="以字母开头，3-32 位字母、数字、下划线、点或连字符，用于登录"
          rules={[
            { required: true, message: '请填写用户名' },
            { pattern: /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, message: '用户名格式不正确' },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          rules={[{ required: true, message: '请填写初始密码' }, PASSWORD_RULE]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <ContactFields />
        <StageSubjectFields stages={options.stages} by="name" searchable />
        {!schoolFixed && (
          <Form.Item name="school" label="学校" extra="不选则归入默认学校">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择学校"
              options={options.schools.filter((s) => !s.retired).map((s) => ({ value: s.code, label: s.name }))}
            />
          </Form.Item>
        )}
        {rolesAllowed && (
          <Form.Item name="role" label="角色">
            <Select options={options.roles.map((r) => ({ value: r.code, label: r.name }))} />
          </Form.Item>
        )}
        {create.isError && (
          <p role="alert" className={styles.error}>
            {errorText(create.error, '创建失败')}
          </p>
        )}
      </Form>
    </Modal>
  );
};

interface EditValues {
  realName: string;
  phone?: string;
  idCard?: string;
  stageId?: number | null;
  subjectId?: number | null;
  schoolId?: number;
}

/** 编辑: name, contacts, stage and subject; the school only for district administrators. */
export const EditUserModal = ({
  user,
  options,
  schoolEditable,
  onClose,
  onSaved,
}: {
  user: AdminUserDetail;
  options: AdminUserOptions;
  schoolEditable: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [form] = Form.useForm<EditValues>();
  const save = useUpdateUser();
  const submit = (values: EditValues) => {
    const body: UserEdit = {
      id: user.id,
      realName: values.realName,
      phone: values.phone ?? '',
      idCard: values.idCard ?? '',
      stageId: values.stageId ?? null,
      subjectId: values.subjectId ?? null,
      ...(schoolEditable && values.schoolId !== undefined ? { schoolId: values.schoolId } : {}),
    };
    // The form shows a failure (save.error).
    void save.mutateAsync(body).then(onSaved, () => {});
  };
  return (
    <Modal
      open
      title={`编辑 ${user.realName}（${user.userName}）`}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          realName: user.realName,
          phone: user.phone ?? '',
          idCard: user.idCard ?? '',
          stageId: user.stageId,
          subjectId: user.subjectId,
          schoolId: user.schoolId,
        }}
        data-testid="edit-user-form"
      >
        <NameField />
        <ContactFields />
        <StageSubjectFields stages={options.stages} by="id" />
        {schoolEditable && (
          <Form.Item name="schoolId" label="学校">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={options.schools
                .filter((s) => !s.retired || s.id === user.schoolId)
                .map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        )}
        {save.isError && (
          <p role="alert" className={styles.error}>
            {errorText(save.error, '保存失败')}
          </p>
        )}
      </Form>
    </Modal>
  );
};

/** 重置密码: the new password, by the rules of the user's own change; every session of the user ends. */
export const ResetPasswordModal = ({
  user,
  onClose,
  onDone,
}: {
  user: AdminUserDetail;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetUserPassword();
  // The form shows a failure (reset.error).
  const submit = (password: string) => reset.mutateAsync({ id: user.id, password }).then(onDone, () => {});
  return (
    <Modal
      open
      title={`重置 ${user.realName} 的密码`}
      okText="重置"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <p className={styles.hint}>
        重置后该用户的全部会话将退出，登录锁定同时解除。请把新密码告知本人并提醒其登录后修改。
      </p>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v.password)}>
        <Form.Item name="password" label="新密码" rules={[{ required: true, message: '请填写新密码' }, PASSWORD_RULE]}>
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
        {reset.isError && (
          <p role="alert" className={styles.error}>
            {errorText(reset.error, '重置失败')}
          </p>
        )}
      </Form>
    </Modal>
  );
};

/** 设置角色: a checkbox per role; saving asks the administrator's password again. */
export const RolesModal = ({
  user,
  options,
  onClose,
  onSaved,
}: {
  user: AdminUserDetail;
  options: AdminUserOptions;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [roleIds, setRoleIds] = useState<number[]>(user.roles.map((r) => r.id));
  const [ask, confirmHolder] = useConfirmPassword();
  const [toast, toastHolder] = message.useMessage();
  const save = useSetUserRoles();
  const submit = async () => {
    const password = await ask('确认设置角色');
    if (password) {
      void save.mutateAsync({ id: user.id, roleIds, confirmPassword: password }).then(onSaved, (error: unknown) => {
        void toast.error(errorText(error, '设置角色失败'));
      });
    }
  };
  const scopeNote = (scope: string) =>
    scope === 'all' ? '（全区）' : scope === 'school' ? '（本校）' : scope === 'subject' ? '（本学段学科）' : '';
  return (
    <Modal
      open
      title={`设置 ${user.realName} 的角色`}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: roleIds.length === 0 }}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {toastHolder}
      {confirmHolder}
      <p className={styles.hint}>持有全区范围角色的用户即为区县管理员。保存时需要再次输入您的登录密码。</p>
      <Checkbox.Group
        className={styles.roleCheckboxes}
        value={roleIds}
        onChange={(v) => setRoleIds(v as number[])}
        aria-label="角色"
        options={options.roles.map((r) => ({ value: r.id, label: `${r.name}${scopeNote(r.scope)}` }))}
      />
      {roleIds.length === 0 && <p className={styles.error}>至少保留一个角色</p>}
    </Modal>
  );
};

import { type AdminBanner, BANNER_LINK_PATTERN } from '@zyk/shared';
import { Alert, DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { errorText } from '../../../lib/api-result.ts';
import { useSaveBanner } from '../hooks/use-curation.ts';
import styles from './curation.module.css';

interface Values {
  title: string;
  subtitle: string;
  linkUrl: string;
  enabled: boolean;
  startsOn: Dayjs | null;
  endsOn: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

/** Creating or editing one banner, in a dialog; the server checks again and its Chinese message shows here. */
export const BannerForm = ({
  banner,
  onClose,
  onSaved,
}: {
  banner: AdminBanner | null;
  onClose: () => void;
  onSaved: (saved: AdminBanner) => void;
}) => {
  const [form] = Form.useForm<Values>();
  const save = useSaveBanner(banner ? banner.id : null);
  // Through the promise, so the page hears of a save even when the dialog was closed meanwhile; a failure shows in the
  // dialog (save.error).
  const submit = (values: Values) =>
    save
      .mutateAsync({
        title: values.title.trim(),
        subtitle: (values.subtitle ?? '').trim(),
        linkUrl: (values.linkUrl ?? '').trim(),
        enabled: values.enabled,
        startsOn: values.startsOn ? values.startsOn.format(DAY) : null,
        endsOn: values.endsOn ? values.endsOn.format(DAY) : null,
      })
      .then(onSaved, () => undefined);
  return (
    <Modal
      open
      title={banner ? '编辑横幅' : '新建横幅'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="banner"
        onFinish={submit}
        initialValues={{
          title: banner?.title ?? '',
          subtitle: banner?.subtitle ?? '',
          linkUrl: banner?.linkUrl ?? '',
          enabled: banner?.enabled ?? true,
          startsOn: banner?.startsOn ? dayjs(banner.startsOn) : null,
          endsOn: banner?.endsOn ? dayjs(banner.endsOn) : null,
        }}
      >
        {save.isError && <Alert type="error" showIcon title={errorText(save.error, '保存失败')} />}
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写横幅标题' },
            { max: 40, message: '横幅标题不能超过 40 个字' },
          ]}
        >
          <Input maxLength={40} showCount placeholder="如：暑期优秀课例征集" />
        </Form.Item>
        <Form.Item label="副标题" name="subtitle" rules={[{ max: 80, message: '横幅副标题不能超过 80 个字' }]}>
          <Input maxLength={80} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item
          label="链接"
          name="linkUrl"
          extra="站内路径以 / 开头（如 /pcourse/index）；站外网址以 https:// 开头，会在新窗口打开。留空则不可点击。"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || BANNER_LINK_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('链接须为以 / 开头的站内路径，或以 http:// 、https:// 开头的网址')),
            },
          ]}
        >
          <Input placeholder="/pcourse/index" />
        </Form.Item>
        <div className={styles.dates}>
          <Form.Item label="开始日期" name="startsOn">
            <DatePicker placeholder="即日起" className={styles.fill} />
          </Form.Item>
          <Form.Item
            label="结束日期"
            name="endsOn"
            dependencies={['startsOn']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | null) => {
                  const start = getFieldValue('startsOn') as Dayjs | null;
                  return !value || !start || !value.isBefore(start, 'day')
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束日期不能早于开始日期'));
                },
              }),
            ]}
          >
            <DatePicker placeholder="长期" className={styles.fill} />
          </Form.Item>
        </div>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="日期按北京时间计，结束日期当天仍展示。">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};

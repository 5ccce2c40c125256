import { type AdminAnnouncement, BANNER_LINK_PATTERN } from '@zyk/shared';
import { Alert, Button, Form, Input, List, message, Popconfirm } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ANNOUNCEMENT_PAGE_SIZE } from '../api/curation-api.ts';
import { useAnnouncements, usePublishAnnouncement } from '../hooks/use-curation.ts';
import styles from './curation.module.css';

interface Values {
  title: string;
  content: string;
  link: string;
}

/** Publishing a system announcement (every user's messages) and the ones published before, newest first. */
export const AnnouncementsPanel = () => {
  const [toast, toastHolder] = message.useMessage();
  const [form] = Form.useForm<Values>();
  const [page, setPage] = useState(1);
  const history = useAnnouncements(page);
  const publish = usePublishAnnouncement();
  const submit = async () => {
    const values = await form.validateFields();
    const published = await publish.mutateAsync({
      title: values.title.trim(),
      content: values.content.trim(),
      link: (values.link ?? '').trim(),
    });
    form.resetFields();
    setPage(1);
    void toast.success(`已发布公告《${published.title}》`);
  };

  return (
    <div className={styles.panel}>
      {toastHolder}
      <Form<Values> form={form} layout="vertical" name="announcement" className={styles.publish}>
        {publish.isError && <Alert type="error" showIcon title={errorText(publish.error, '发布失败')} />}
        <Form.Item
          label="公告标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写公告标题' },
            { max: 60, message: '公告标题不能超过 60 个字' },
          ]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          label="公告内容"
          name="content"
          rules={[
            { required: true, whitespace: true, message: '请填写公告内容' },
            { max: 2000, message: '公告内容不能超过 2000 个字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          label="相关链接"
          name="link"
          extra="选填：站内路径以 / 开头，站外网址以 https:// 开头。"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || BANNER_LINK_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('链接须为以 / 开头的站内路径，或以 http:// 、https:// 开头的网址')),
            },
          ]}
        >
          <Input placeholder="/home/index" />
        </Form.Item>
        <Popconfirm
          title="发布后全部用户都会在消息中收到这条公告，且不能撤回。确定发布？"
          okText="发布"
          cancelText="取消"
          onConfirm={submit}
        >
          <Button type="primary" loading={publish.isPending}>
            发布公告
          </Button>
        </Popconfirm>
      </Form>

      <h2 className={styles.history}>已发布的公告</h2>
      {history.isError ? (
        <LoadError message={errorText(history.error, '公告加载失败')} onRetry={() => void history.refetch()} />
      ) : (
        <List<AdminAnnouncement>
          loading={history.isPending}
          dataSource={history.data?.objList ?? []}
          locale={{ emptyText: <span className={styles.empty}>还没有发布过公告</span> }}
          pagination={{
            current: page,
            pageSize: ANNOUNCEMENT_PAGE_SIZE,
            total: history.data?.pageBean.totalCount ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          renderItem={(item) => (
            <List.Item>
              <div className={styles.announcement}>
                <div className={styles.announcementHead}>
                  <strong>{item.title}</strong>
                  <span className={styles.muted}>{item.createdAt}</span>
                </div>
                <p className={styles.announcementContent}>{item.content}</p>
                {item.link && <span className={`${styles.muted} ${styles.link}`}>链接：{item.link}</span>}
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
};

import { fenToYuanInput, formatBytes, MAX_CHAPTERS_PER_RESOURCE, UPLOAD, yuanToFen } from '@zyk/shared';
import { Alert, Button, Form, Grid, Input, InputNumber, Modal, message, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useSelection } from '../../../stores/selection.ts';
import { useSession } from '../../../stores/session.ts';
import type { EditableResource } from '../api/get-editable-resource.ts';
import { publishDocument, publishVideo } from '../api/publish-resource.ts';
import { useStageOptions, useSubjectOptions, useTrainTypes } from '../hooks/use-form-options.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useUploader } from '../hooks/use-uploader.ts';
import { baseNameOf, DOCUMENT_EXTENSIONS, MEDIA_EXTENSIONS, shortName } from '../lib/file-rules.ts';
import { DOCUMENT_TYPE_REJECTED, UPLOAD_NOTICES, type UploadKind } from '../lib/upload-texts.ts';
import type { UploaderOptions, UploadItem, UploadStatus } from '../lib/upload-types.ts';
import { ChapterField, type ChapterPath } from './chapter-field.tsx';
import { CoverField } from './cover-field.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { StatementText } from './originality-statement.tsx';
import { UploadQueue } from './upload-queue.tsx';
import styles from './upload-workspace.module.css';

/** What each screen lets through (the server checks again): sizes 50 MB / 1 GB, 10 documents or 1 video. */
const HELPER_OPTIONS: Record<UploadKind, UploaderOptions> = {
  document: {
    limit: UPLOAD.maxFilesPerSelection,
    maxItems: UPLOAD.maxFilesPerSelection,
    accept: [...DOCUMENT_EXTENSIONS, ...MEDIA_EXTENSIONS],
    rejectMessage: DOCUMENT_TYPE_REJECTED,
    maxAttachmentSize: UPLOAD.documentMaxBytes,
    maxVideoSize: UPLOAD.videoMaxBytes,
  },
  video: {
    limit: 1,
    maxItems: 1,
    limitMessage: '一个微课只能上传 1 个视频，请重新选择',
    accept: MEDIA_EXTENSIONS,
    maxAttachmentSize: UPLOAD.documentMaxBytes,
    maxVideoSize: UPLOAD.videoMaxBytes,
  },
};

type ResourceType = 'DOCUMENT' | 'ACHIEVEMENT';

interface FormValues {
  title: string;
  type: ResourceType;
  trainType?: string | null;
  stageId?: number;
  subjectId?: number;
  /** 教材章节: each the node ids from the edition down to the chosen volume, unit or lesson. */
  chapters: ChapterPath[];
  tags: string[];
  price: number | null;
  coverFileId: string | null;
  description?: string;
}

const BUSY: readonly UploadStatus[] = ['added', 'ready', 'uploading'];

/** Why the files are not ready to publish, or null. `kept`: files the edited resource already has. */
const filesProblem = (kind: UploadKind, items: readonly UploadItem[], type: ResourceType, kept: number) => {
  const live = items.filter((item) => item.status !== 'canceled');
  if (live.length + kept === 0) return kind === 'document' ? '请先上传文件' : '请先上传视频';
  if (live.some((item) => BUSY.includes(item.status))) return '文件正在上传，请等待上传完成后再提交';
  if (live.some((item) => item.status === 'paused')) return '有文件已暂停上传，请继续上传或移除后再提交';
  if (live.some((item) => item.status === 'failure')) return '有文件上传失败，请重试或移除后再提交';
  if (kind === 'document' && type === 'DOCUMENT' && live.some((item) => item.method === 'chunked')) {
    return '教学文档只能包含文档和图片；含视频或音频时请选择“教研成果”，或通过“上传视频”发布微课';
  }
  return null;
};

/**
 * One round of uploading: choose files (they upload at once, one after the other), fill in the resource's
 * details, submit for review. `onPublished` hands over to the success screen.
 */
export const UploadWorkspace = ({
  kind,
  agreed,
  editing,
  onPublished,
}: {
  kind: UploadKind;
  /** The originality statement was agreed to: files may be chosen. */
  agreed: boolean;
  /** One's own resource being edited: its details fill the form and its files stay unless removed. */
  editing?: EditableResource;
  onPublished: (resource: { id: number; title: string }) => void;
}) => {
  const isDocument = kind === 'document';
  const [toast, toastHolder] = message.useMessage();
  const { uploader, items } = useUploader(HELPER_OPTIONS[kind], (event) => {
    if (event.type === 'message') {
      toast.error({
        content: event.fileName ? `${shortName(event.fileName)}：${event.text}` : event.text,
        duration: 5,
      });
    }
  });
  const [resumes, setResumes] = useState(() => uploader.pendingResumes());
  const [form] = Form.useForm<FormValues>();
  const selection = useSelection();
  const { user } = useSession();
  const [coverStatus, setCoverStatus] = useState<UploadStatus | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [statementOpen, setStatementOpen] = useState(false);
  const [kept, setKept] = useState(() => editing?.files ?? []);
  // Below antd's sm breakpoint (576 px) a 96 px label column leaves the fields too little room: labels go on top.
  const stacked = Grid.useBreakpoint().sm === false;
  // Rows without a label of their own (error, submit) line up with the fields, not with the labels.
  const alignWithFields = stacked ? {} : { label: ' ', colon: false };

  const stageId = Form.useWatch('stageId', form);
  const subjectId = Form.useWatch('subjectId', form);
  const type = Form.useWatch('type', form) ?? 'DOCUMENT';
  const stages = useStageOptions();
  const subjects = useSubjectOptions(stageId);
  const trainTypes = useTrainTypes(isDocument);

  // The stage and subject chosen in the header, else the teacher's own.
  const [initialValues] = useState<Partial<FormValues>>(() => {
    if (editing) {
      const f = editing.fields;
      return {
        title: f.title,
        type: f.type === 'ACHIEVEMENT' ? 'ACHIEVEMENT' : 'DOCUMENT',
        trainType: f.trainType,
        stageId: f.stageId ?? undefined,
        subjectId: f.subjectId ?? undefined,
        chapters: f.chapters.map((chapter) => chapter.path),
        tags: f.tags,
        price: Number(fenToYuanInput(f.price)),
        coverFileId: f.coverFileId,
        description: f.description,
      };
    }
    const fromSelection = selection.stage.id !== null;
    return {
      type: 'DOCUMENT',
      chapters: [],
      tags: [],
      price: 0,
      coverFileId: null,
      stageId: (fromSelection ? selection.stage.id : user?.scStage) ?? undefined,
      subjectId: (fromSelection ? selection.subject.id : user?.special) ?? undefined,
    };
  });

  // Opened by its address, the screen can mount before the session's user info has loaded: the teacher's own
  // stage and subject then fill the still untouched fields when it arrives.
  const ownStage = user?.scStage ?? null;
  const ownSubject = user?.special ?? null;
  useEffect(() => {
    if (editing || ownStage === null || form.isFieldTouched('stageId') || form.getFieldValue('stageId')) return;
    form.setFieldsValue({ stageId: ownStage, subjectId: ownSubject ?? undefined });
  }, [editing, ownStage, ownSubject, form]);

  // The title starts as the first file's name (without its extension) until the user writes one.
  const firstName = items.find((item) => item.status !== 'canceled')?.name;
  useEffect(() => {
    if (!firstName || form.isFieldTouched('title') || form.getFieldValue('title')) return;
    form.setFieldsValue({ title: baseNameOf(firstName).slice(0, 100) });
  }, [firstName, form]);

  // Files taken up again leave the "unfinished uploads" list.
  useEffect(() => {
    if (items.length > 0) setResumes(uploader.pendingResumes());
  }, [items.length, uploader]);

  const uploading =
    items.some((item) => BUSY.includes(item.status)) || (coverStatus !== null && BUSY.includes(coverStatus));
  const blocker = useLeaveGuard(uploading);

  const liveCount = items.filter((item) => item.status !== 'canceled').length + kept.length;
  const full = liveCount >= (isDocument ? UPLOAD.maxFilesPerSelection : 1);

  const submit = async (values: FormValues) => {
    setError(null);
    const problem =
      filesProblem(kind, items, values.type, kept.length) ??
      (coverStatus !== null && BUSY.includes(coverStatus) ? '封面正在上传，请稍候' : null);
    if (problem) {
      setError(problem);
      return;
    }
    const price = yuanToFen(values.price ?? 0);
    if (price === null) {
      setError('请输入正确的价格');
      return;
    }
    const fileIds = [
      ...kept.map((file) => file.id),
      ...items.flatMap((item) => (item.status === 'success' && item.fileId ? [item.fileId] : [])),
    ];
    const common = {
      ...(editing ? { id: editing.fields.id } : {}),
      title: values.title.trim(),
      description: (values.description ?? '').trim(),
      tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
      stageId: values.stageId as number,
      subjectId: values.subjectId as number,
      coverFileId: values.coverFileId ?? null,
      // A chapter is the last node of its path.
      catalogueNodeIds: (values.chapters ?? []).flatMap((path) => path.slice(-1)),
      price,
    };
    setPublishing(true);
    try {
      const outcome = isDocument
        ? await publishDocument({
            ...common,
            type: values.type,
            trainType: values.type === 'ACHIEVEMENT' ? (values.trainType ?? null) : null,
            fileIds,
          })
        : await publishVideo({ ...common, fileId: fileIds[0] as string });
      if (outcome.ok && outcome.id !== null) {
        onPublished({ id: outcome.id, title: common.title });
        return;
      }
      setError(outcome.msg);
      toast.error(outcome.msg);
    } catch (caught) {
      const msg = caught instanceof Error ? caught.message : '网络异常，请检查网络后重试';
      setError(msg);
      toast.error(msg);
    } finally {
      setPublishing(false);
    }
  };

  return (
    <div className={`zyk-container ${styles.page}`} data-testid={`upload-${kind}`}>
      {toastHolder}
      <section className={styles.card} aria-labelledby="upload-files-title">
        <h2 className={styles.cardTitle} id="upload-files-title">
          <span className={styles.step}>1</span>
          {isDocument ? '选择文件' : '选择视频'}
        </h2>
        <p className={styles.notice} data-testid="upload-notice">
          {UPLOAD_NOTICES[kind]}
        </p>
        {resumes.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="upload-resumes"
            title="有未完成的上传，重新选择同一文件即可从中断处继续："
            description={
              <ul className={styles.resumes}>
                {resumes.map((record) => (
                  <li key={record.key}>
                    {record.name}（已上传 {formatBytes(record.received)} / {formatBytes(record.size)}）
                    <Button
                      type="link"
                      size="small"
                      autoInsertSpace={false}
                      onClick={() => {
                        uploader.forgetResume(record.key);
                        setResumes(uploader.pendingResumes());
                      }}
                    >
                      不再继续
                    </Button>
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <FileDropZone
          accept={HELPER_OPTIONS[kind].accept ?? []}
          multiple={isDocument}
          disabled={!agreed || full}
          title={isDocument ? '点击或将文件拖到此处上传' : '点击或将视频拖到此处上传'}
          hint={
            full
              ? isDocument
                ? '已达 10 个文件的上限，如需更换请先移除'
                : '一个微课只能有 1 个视频，如需更换请先移除当前视频'
              : isDocument
                ? '文档不超过 50M，视频不超过 1G；一次最多 10 个文件'
                : '视频、音频不超过 1G，每 1 MB 分片上传，断网后可从中断处继续'
          }
          onFiles={(files) => uploader.addFiles(files)}
        />
        {kept.length > 0 && (
          <ul className={styles.keptFiles} aria-label="已有文件">
            {kept.map((file) => (
              <li key={file.id}>
                <span className={styles.keptName}>{file.name}</span>
                {file.size > 0 && <span className={styles.keptSize}>{formatBytes(file.size)}</span>}
                <Button
                  type="link"
                  size="small"
                  danger
                  autoInsertSpace={false}
                  onClick={() => setKept((files) => files.filter((f) => f.id !== file.id))}
                >
                  移除
                </Button>
              </li>
            ))}
          </ul>
        )}
        <UploadQueue items={items} uploader={uploader} />
      </section>

      <section className={styles.card} aria-labelledby="upload-info-title">
        <h2 className={styles.cardTitle} id="upload-info-title">
          <span className={styles.step}>2</span>
          填写资源信息
        </h2>
        <Form<FormValues>
          form={form}
          layout={stacked ? 'vertical' : 'horizontal'}
          labelCol={stacked ? undefined : { flex: '96px' }}
          wrapperCol={stacked ? undefined : { flex: '1' }}
          initialValues={initialValues}
          onFinish={(values) => void submit(values)}
          onValuesChange={(changed: Partial<FormValues>) => {
            // Chapters belong to one stage and subject: choosing another clears them.
            if ('stageId' in changed) form.setFieldsValue({ subjectId: undefined, chapters: [] });
            else if ('subjectId' in changed) form.setFieldsValue({ chapters: [] });
            setError(null);
          }}
          className={styles.form}
          disabled={publishing}
        >
          <Form.Item
            name="title"
            label="资源标题"
            rules={[
              { required: true, whitespace: true, message: '请输入资源标题' },
              { min: 2, message: '标题至少 2 个字' },
              { max: 100, message: '标题不能超过 100 个字' },
            ]}
          >
            <Input placeholder="选择文件后自动填入文件名，可修改" maxLength={100} showCount />
          </Form.Item>
          {isDocument && (
            <Form.Item label="资源类型" required>
              <div className={styles.inline}>
                <Form.Item name="type" noStyle>
                  <Radio.Group
                    optionType="button"
                    options={[
                      { value: 'DOCUMENT', label: '教学文档' },
                      { value: 'ACHIEVEMENT', label: '教研成果' },
                    ]}
                  />
                </Form.Item>
                {type === 'ACHIEVEMENT' && (
                  <Form.Item name="trainType" noStyle rules={[{ required: true, message: '请选择成果类型' }]}>
                    <Select
                      style={{ width: 160 }}
                      placeholder="成果类型"
                      aria-label="成果类型"
                      options={trainTypes.data ?? []}
                      loading={trainTypes.isPending}
                    />
                  </Form.Item>
                )}
              </div>
            </Form.Item>
          )}
          <Form.Item label="学段学科" required>
            <div className={styles.inline}>
              <Form.Item name="stageId" noStyle rules={[{ required: true, message: '请选择学段' }]}>
                <Select
                  style={{ width: 180 }}
                  placeholder="学段"
                  aria-label="学段"
                  options={stages.data ?? []}
                  loading={stages.isPending}
                />
              </Form.Item>
              <Form.Item name="subjectId" noStyle rules={[{ required: true, message: '请选择学科' }]}>
                <Select
                  style={{ width: 180 }}
                  placeholder={stageId ? '学科' : '请先选择学段'}
                  aria-label="学科"
                  disabled={!stageId || publishing}
                  options={subjects.data ?? []}
                  loading={subjects.isFetching}
                />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item
            name="chapters"
            label="教材章节"
            extra={`最多 ${MAX_CHAPTERS_PER_RESOURCE} 个；勾选册次或单元即包含其中各课`}
          >
            <ChapterField
              stageId={stageId}
              subjectId={subjectId}
              known={editing?.fields.chapters}
              onMessage={(text) => toast.warning(text)}
            />
          </Form.Item>
          <Form.Item
            name="tags"
            label="标签"
            rules={[
              { type: 'array', max: 10, message: '标签最多 10 个' },
              {
                validator: (_, tags: string[] = []) =>
                  tags.every((tag) => tag.trim().length <= 20)
                    ? Promise.resolve()
                    : Promise.reject(new Error('每个标签不超过 20 个字')),
              },
            ]}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', '，', ' ', '、']}
              maxCount={10}
              placeholder="输入标签后按回车，最多 10 个，如：分数、公开课"
              aria-label="标签"
            />
          </Form.Item>
          <Form.Item
            name="price"
            label="价格"
            extra="单位：元，0 表示免费；付费资源购买后才能下载"
            rules={[{ type: 'number', min: 0, max: 1_000_000, message: '价格须在 0 到 1000000 元之间' }]}
          >
            <InputNumber min={0} max={1_000_000} precision={2} step={1} suffix="元" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="coverFileId" label="封面">
            <CoverField onStatus={setCoverStatus} onMessage={(text) => toast.error(text)} />
          </Form.Item>
          <Form.Item name="description" label="资源简介">
            <Input.TextArea rows={4} maxLength={2000} showCount placeholder="简要介绍资源的内容、适用年级与使用建议" />
          </Form.Item>
          {error && (
            <Form.Item {...alignWithFields}>
              <Alert type="error" showIcon title={error} data-testid="publish-error" />
            </Form.Item>
          )}
          <Form.Item {...alignWithFields} className={styles.submitRow}>
            <Button
              autoInsertSpace={false}
              type="primary"
              htmlType="submit"
              size="large"
              loading={publishing}
              disabled={!agreed}
            >
              {editing ? '保存并重新提交审核' : '提交审核'}
            </Button>
            <span className={styles.agreeNote}>
              提交即表示您同意
              <Button
                autoInsertSpace={false}
                type="link"
                size="small"
                className={styles.statementLink}
                onClick={() => setStatementOpen(true)}
              >
                《原创声明》
              </Button>
            </span>
          </Form.Item>
        </Form>
      </section>

      <Modal
        open={statementOpen}
        title="原创声明"
        width={560}
        centered
        onCancel={() => setStatementOpen(false)}
        footer={
          <Button autoInsertSpace={false} type="primary" onClick={() => setStatementOpen(false)}>
            知道了
          </Button>
        }
      >
        <StatementText />
      </Modal>

      <Modal
        open={blocker.state === 'blocked'}
        title="文件正在上传"
        centered
        okText="离开"
        cancelText="留在本页"
        okButtonProps={{ danger: true, autoInsertSpace: false }}
        cancelButtonProps={{ autoInsertSpace: false }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        离开本页会中断上传。视频和音频可稍后重新选择同一文件，从中断处继续上传。
      </Modal>
    </div>
  );
};

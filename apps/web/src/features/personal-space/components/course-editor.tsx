import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COURSE_CATEGORIES, TITLE_CATEGORIES } from '@zyk/shared';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import panelStyles from '../../../components/panel.module.css';
import type { CourseInput } from '../api/space-api.ts';
import { useCourseForEdit, useCourseResources, useSaveCourse } from '../hooks/use-space.ts';
import { EditorModal, type EditorProps, FormFooter, NameFields } from './managed-list.tsx';
import { type EditorSlots, SlotField, type StageSubject } from './slot-field.tsx';
import styles from './space.module.css';

interface LessonValues {
  title?: string;
  resourceId?: number;
  categoryCode?: string | null;
}
interface ChapterValues {
  title?: string;
  lessons?: LessonValues[];
}
interface CourseValues {
  title: string;
  description?: string;
  categoryId?: number | null;
  stageSubject?: StageSubject;
  coverFileId?: string | null;
  chapters?: ChapterValues[];
}

const EMPTY: CourseValues = {
  title: '',
  description: '',
  stageSubject: { stageId: null, subjectId: null },
  chapters: [{ title: '第一章', lessons: [{}] }],
};

const toInput = (id: number | null, v: CourseValues): CourseInput => ({
  ...(id ? { id } : {}),
  title: v.title.trim(),
  description: (v.description ?? '').trim(),
  categoryId: v.categoryId ?? null,
  stageId: v.stageSubject?.stageId ?? null,
  subjectId: v.stageSubject?.subjectId ?? null,
  coverFileId: v.coverFileId ?? null,
  chapters: (v.chapters ?? []).map((c) => ({
    title: (c.title ?? '').trim(),
    lessons: (c.lessons ?? []).map((l) => ({
      title: (l.title ?? '').trim(),
      resourceId: l.resourceId as number,
      categoryCode: l.categoryCode ?? null,
    })),
  })),
});

/** Picks one of my published resources for a lesson; the list is searched on the server by title. */
const ResourcePicker = ({
  value,
  onChange,
  known,
}: {
  value?: number;
  onChange?: (id: number) => void;
  known: Map<number, string>;
}) => {
  const [keyword, setKeyword] = useState('');
  const resources = useCourseResources(keyword);
  const options = (resources.data?.objList ?? []).map((r) => ({ value: r.id, label: r.title }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: known.get(value) ?? `资源 ${value}` });
  }
  return (
    <Select
      aria-label="课时资源"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder="选择我已发布的资源"
      loading={resources.isFetching}
      value={value}
      onChange={onChange}
      options={options}
      notFoundContent={resources.isPending ? '加载中…' : '没有可用的已发布资源'}
    />
  );
};

const MoveButtons = ({
  index,
  count,
  move,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) => (
  <>
    <Button
      aria-label="上移"
      icon={<ArrowUpOutlined />}
      disabled={index === 0}
      onClick={() => move(index, index - 1)}
    />
    <Button
      aria-label="下移"
      icon={<ArrowDownOutlined />}
      disabled={index === count - 1}
      onClick={() => move(index, index + 1)}
    />
  </>
);

const CourseForm = ({
  id,
  initial,
  names,
  known,
  slots,
  onDone,
  onCancel,
}: {
  id: number | null;
  initial: CourseValues;
  names?: { stage: string | null; subject: string | null };
  known: Map<number, string>;
  slots: EditorSlots;
  onDone: (message: string) => void;
  onCancel: () => void;
}) => {
  const [form] = Form.useForm<CourseValues>();
  const save = useSaveCourse();
  const submit = (values: CourseValues) =>
    save.mutate(toInput(id, values), { onSuccess: () => onDone(id ? '课程已修改，已重新提交审核' : '课程已提交审核') });

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="course-form">
      <NameFields
        what="课程"
        namePlaceholder="如：初中数学思维训练"
        descriptionPlaceholder="介绍课程的目标、对象与内容"
      />
      <div className={styles.columns}>
        <Form.Item name="categoryId" label="课程分类">
          <Select
            aria-label="课程分类"
            allowClear
            placeholder="选择分类"
            options={COURSE_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="stageSubject" label="学段学科">
          <SlotField<StageSubject>
            render={(value, onChange) =>
              slots.renderStageSubject(value ?? { stageId: null, subjectId: null }, onChange, names)
            }
          />
        </Form.Item>
      </div>
      <Form.Item name="coverFileId" label="课程封面">
        <SlotField<string | null> render={(value, onChange) => slots.renderImage(value ?? null, onChange)} />
      </Form.Item>

      <Form.List
        name="chapters"
        rules={[
          {
            validator: async (_, chapters?: ChapterValues[]) => {
              if (!chapters || chapters.length === 0) throw new Error('至少需要一个章节');
            },
          },
        ]}
      >
        {(chapters, { add, remove, move }, { errors }) => (
          <>
            <div className={styles.panelHeader}>
              <h3 className={panelStyles.panelSubtitle}>章节与课时</h3>
              <span className={styles.muted}>用上移、下移调整顺序</span>
            </div>
            {chapters.map((chapter, ci) => (
              <div key={chapter.key} className={styles.editorChapter} data-testid="chapter-editor">
                <div className={styles.editorRow}>
                  <Form.Item
                    className={styles.grow}
                    name={[chapter.name, 'title']}
                    label={`第 ${ci + 1} 章`}
                    rules={[{ required: true, whitespace: true, message: '请输入章节名称' }]}
                  >
                    <Input aria-label={`第 ${ci + 1} 章名称`} placeholder="章节名称" maxLength={100} />
                  </Form.Item>
                  <MoveButtons index={ci} count={chapters.length} move={move} />
                  <Button
                    aria-label="删除章节"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={chapters.length === 1}
                    onClick={() => remove(chapter.name)}
                  />
                </div>
                <Form.List
                  name={[chapter.name, 'lessons']}
                  rules={[
                    {
                      validator: async (_, lessons?: LessonValues[]) => {
                        if (!lessons || lessons.length === 0) throw new Error('每章至少需要一个课时');
                      },
                    },
                  ]}
                >
                  {(lessons, lessonOps, lessonMeta) => (
                    <>
                      {lessons.map((lesson, li) => (
                        <div key={lesson.key} className={styles.lessonRow} data-testid="lesson-editor">
                          <span className={styles.lessonIndex}>
                            {ci + 1}.{li + 1}
                          </span>
                          <Form.Item
                            name={[lesson.name, 'title']}
                            rules={[{ required: true, whitespace: true, message: '请输入课时名称' }]}
                          >
                            <Input aria-label="课时名称" placeholder="课时名称" maxLength={100} />
                          </Form.Item>
                          <Form.Item
                            name={[lesson.name, 'resourceId']}
                            rules={[{ required: true, message: '请选择课时资源' }]}
                          >
                            <ResourcePicker known={known} />
                          </Form.Item>
                          <Form.Item name={[lesson.name, 'categoryCode']}>
                            <Select
                              aria-label="课时类型"
                              allowClear
                              placeholder="类型"
                              options={TITLE_CATEGORIES.map((c) => ({ value: c.code, label: c.name }))}
                            />
                          </Form.Item>
                          <span className={styles.editorRow}>
                            <MoveButtons index={li} count={lessons.length} move={lessonOps.move} />
                            <Button
                              aria-label="删除课时"
                              danger
                              icon={<DeleteOutlined />}
                              disabled={lessons.length === 1}
                              onClick={() => lessonOps.remove(lesson.name)}
                            />
                          </span>
                        </div>
                      ))}
                      <Form.ErrorList errors={lessonMeta.errors} />
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => lessonOps.add({})}>
                        添加课时
                      </Button>
                    </>
                  )}
                </Form.List>
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ title: '', lessons: [{}] })}>
              添加章节
            </Button>
          </>
        )}
      </Form.List>
      <FormFooter error={save.error} pending={save.isPending} testId="course-refusal" onCancel={onCancel} />
    </Form>
  );
};

/**
 * Creating (id null) or editing a course: its details, chapters and lessons in order (moved up and down), each
 * lesson using one of my published resources. Saving submits it for review.
 */
export const CourseEditor = ({ open, id, slots, onDone, onClose }: EditorProps) => {
  const existing = useCourseForEdit(open ? id : null);
  const form = () => {
    const course = id !== null ? existing.data : undefined;
    const known = new Map<number, string>();
    const initial: CourseValues = course
      ? {
          title: course.title,
          description: course.description,
          categoryId: course.categoryId,
          stageSubject: { stageId: null, subjectId: null },
          coverFileId: course.coverFileId,
          chapters: course.chapters.map((c) => ({
            title: c.title,
            lessons: c.lessons.map((l) => {
              if (l.resourceId !== null) known.set(l.resourceId, l.title);
              return { title: l.title, resourceId: l.resourceId ?? undefined, categoryCode: l.categoryCode };
            }),
          })),
        }
      : EMPTY;
    const names = course ? { stage: course.stageName, subject: course.subjectName } : undefined;
    return (
      <CourseForm
        id={id}
        initial={initial}
        names={names}
        known={known}
        slots={slots}
        onDone={onDone}
        onCancel={onClose}
      />
    );
  };
  return (
    <EditorModal open={open} id={id} width={980} existing={existing} what="课程" onClose={onClose}>
      {form}
    </EditorModal>
  );
};

import { Form, Select } from 'antd';
import { useCourseChoices, useSaveTopic, useTopicForEdit } from '../hooks/use-space.ts';
import { EditorModal, type EditorProps, FormFooter, NameFields } from './managed-list.tsx';
import { type EditorSlots, SlotField } from './slot-field.tsx';

interface TopicValues {
  title: string;
  description?: string;
  backgroundFileId?: string | null;
  courseIds?: number[];
}

const TopicForm = ({
  id,
  initial,
  slots,
  onDone,
  onCancel,
}: {
  id: number | null;
  initial: TopicValues;
  slots: EditorSlots;
  onDone: (message: string) => void;
  onCancel: () => void;
}) => {
  const save = useSaveTopic();
  const courses = useCourseChoices();
  const options = (courses.data?.objList ?? [])
    .filter((c) => c.status !== 'REJECTED')
    .map((c) => ({ value: c.id, label: c.status === 'PUBLISHED' ? c.title : `${c.title}（审核中）` }));
  return (
    <Form<TopicValues>
      layout="vertical"
      initialValues={initial}
      data-testid="topic-form"
      onFinish={(v) =>
        save.mutate(
          {
            ...(id ? { id } : {}),
            title: v.title.trim(),
            description: (v.description ?? '').trim(),
            backgroundFileId: v.backgroundFileId ?? null,
            courseIds: v.courseIds ?? [],
          },
          { onSuccess: () => onDone(id ? '专题已修改，已重新提交审核' : '专题已提交审核') },
        )
      }
    >
      <NameFields what="专题" namePlaceholder="如：新课标大单元教学专题" />
      <Form.Item name="backgroundFileId" label="背景图">
        <SlotField<string | null> render={(value, onChange) => slots.renderImage(value ?? null, onChange)} />
      </Form.Item>
      <Form.Item
        name="courseIds"
        label="包含的课程"
        rules={[{ required: true, type: 'array', min: 1, message: '至少选择一门课程' }]}
      >
        <Select
          aria-label="包含的课程"
          mode="multiple"
          placeholder="选择我的课程"
          loading={courses.isPending}
          options={options}
          optionFilterProp="label"
          notFoundContent="还没有可选的课程，请先创建课程"
        />
      </Form.Item>
      <FormFooter error={save.error} pending={save.isPending} testId="topic-refusal" onCancel={onCancel} />
    </Form>
  );
};

/** Creating (id null) or editing a topic: title, description, background image and its courses. */
export const TopicEditor = ({ open, id, slots, onDone, onClose }: EditorProps) => {
  const existing = useTopicForEdit(open ? id : null);
  const topic = existing.data;
  return (
    <EditorModal open={open} id={id} width={720} existing={existing} what="专题" onClose={onClose}>
      {() => (
        <TopicForm
          id={id}
          initial={
            topic
              ? {
                  title: topic.title,
                  description: topic.description,
                  backgroundFileId: topic.backgroundFileId,
                  courseIds: topic.courses.map((c) => c.id),
                }
              : { title: '', description: '', courseIds: [] }
          }
          slots={slots}
          onDone={onDone}
          onCancel={onClose}
        />
      )}
    </EditorModal>
  );
};

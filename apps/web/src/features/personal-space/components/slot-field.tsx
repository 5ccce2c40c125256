import type { ReactNode } from 'react';

/** A form control drawn by another feature (through a render prop), wired to antd's Form.Item value/onChange. */
export const SlotField = <T,>({
  value,
  onChange,
  render,
}: {
  value?: T;
  onChange?: (value: T) => void;
  render: (value: T | undefined, onChange: (value: T) => void) => ReactNode;
}) => <>{render(value, (next) => onChange?.(next))}</>;

export interface StageSubject {
  stageId: number | null;
  subjectId: number | null;
}

/** The pieces of the course and topic forms that other features provide. */
export interface EditorSlots {
  /** `names`: the stage and subject a saved record shows by name, to fill an empty value from. */
  renderStageSubject: (
    value: StageSubject,
    onChange: (value: StageSubject) => void,
    names?: { stage: string | null; subject: string | null },
  ) => ReactNode;
  renderImage: (value: string | null, onChange: (fileId: string | null) => void) => ReactNode;
}

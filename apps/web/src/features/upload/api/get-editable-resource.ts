import { type DataOf, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';

export type EditableFields = DataOf<typeof routes.resourceEditInfo>;

export interface EditableResource {
  fields: EditableFields;
  /** The resource's current files with their names (the details answer has them; the edit answer only ids). */
  files: { id: string; name: string; size: number; kind: string }[];
}

/** One's own resource, for its edit screen; the server's message when it is not one's own or is gone. */
export const getEditableResource = async (id: number): Promise<EditableResource> => {
  const [fields, details] = await Promise.all([
    api(routes.resourceEditInfo, { query: { id } }),
    api(routes.resourceInfo, { query: { id } }),
  ]);
  if (fields.code !== 0) throw new Error(fields.msg || '资源不存在或无权编辑');
  const named = details.code === 0 ? details.data.files : [];
  return {
    fields: fields.data,
    files: fields.data.fileIds.map((fileId) => {
      const file = named.find((f) => f.id === fileId);
      return { id: fileId, name: file?.name ?? '已上传的文件', size: file?.size ?? 0, kind: file?.kind ?? '' };
    }),
  };
};

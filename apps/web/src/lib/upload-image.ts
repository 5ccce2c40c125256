import { type Envelope, routes } from '@zyk/shared';
import { ApiFailure, unwrap } from './api-result.ts';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'];
export const IMAGE_TYPES_MESSAGE = '只能上传 jpg、png、gif 或 bmp 图片';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen picture cannot be used, or null. */
export const imageProblem = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_EXTENSIONS.includes(extension)) return IMAGE_TYPES_MESSAGE;
  return file.size > IMAGE_MAX_BYTES ? '图片不能超过 5M' : null;
};

/**
 * A picture (avatar, studio cover, identity-card photo) through the document upload (images are accepted there), as
 * resource covers are uploaded; answers the stored file's id. The typed client speaks JSON, so this one multipart request is made by hand
 * against the route's path.
 */
export const uploadImage = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(routes.uploadDocument.path, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new ApiFailure(0, '网络异常，请检查网络后重试');
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<{ id: string; kind: string }> | null;
  if (!envelope) throw new ApiFailure(response.status, `图片上传失败（HTTP ${response.status}）`);
  const stored = unwrap(envelope);
  if (stored.kind !== 'image') throw new ApiFailure(40000, IMAGE_TYPES_MESSAGE);
  return stored.id;
};

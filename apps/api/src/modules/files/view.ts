import type { StoredFileView } from '@zyk/shared';

/** A StoredFile row as the contract shows it. */
export const toStoredFileView = (file: {
  id: string;
  originalName: string;
  size: bigint;
  extension: string;
  mimeType: string;
  kind: string;
  sha256: string;
  createdAt: Date;
}): StoredFileView => ({
  id: file.id,
  name: file.originalName,
  size: Number(file.size),
  type: file.extension,
  mimeType: file.mimeType,
  kind: (['document', 'video', 'audio', 'image'].includes(file.kind) ? file.kind : 'other') as StoredFileView['kind'],
  sha256: file.sha256,
  createdAt: file.createdAt.toISOString(),
});

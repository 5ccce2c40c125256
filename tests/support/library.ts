import { randomBytes } from 'node:crypto';
import { routes } from '@zyk/shared';
import { createReviewAdmin } from '../../apps/api/src/modules/library/review.ts';
import type { Variant } from '../../apps/api/src/modules/preview/producers.ts';
import type { TestApp } from './app.ts';
import { cookieOf, initVideo, postDocument, uploadVideo } from './uploads.ts';

type Call = ReturnType<TestApp['client']>['call'];

/** A stored-file row owned by the user, as an upload would leave it (the bytes are not needed here). */
export const makeFile = async (t: TestApp, userName: string, kind = 'document', name = '教学设计.docx') => {
  const owner = await t.prisma.user.findUniqueOrThrow({ where: { userName } });
  const id = randomBytes(12).toString('hex');
  return t.prisma.storedFile.create({
    data: {
      id,
      ownerId: owner.id,
      storageKey: `test/${id}`,
      originalName: name,
      size: 1024n,
      mimeType: kind === 'video' ? 'video/mp4' : 'application/octet-stream',
      extension: name.split('.').pop() ?? '',
      kind,
      sha256: '0'.repeat(64),
    },
  });
};

/** Stage and subject ids by name. */
export const dictIds = async (t: TestApp, stage: string, subject: string) => {
  const s = await t.prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: stage } });
  const sub = await t.prisma.dict.findFirstOrThrow({ where: { level: 2, parentId: s.id, dictName: subject } });
  return { stageId: s.id, subjectId: sub.id };
};

export interface DocOptions {
  title: string;
  description?: string;
  tags?: string[];
  stage?: string;
  subject?: string;
  type?: 'DOCUMENT' | 'ACHIEVEMENT';
  price?: number;
  approve?: boolean;
  /** Catalogue node ids (volumes, units or lessons) the document hangs on. */
  chapters?: number[];
}

/** Publishes a document through the api as `userName` (client `call`), approving it unless told not to. */
export const publishDoc = async (t: TestApp, call: Call, userName: string, o: DocOptions) => {
  const file = await makeFile(t, userName);
  const { stageId, subjectId } = await dictIds(t, o.stage ?? '初中', o.subject ?? '数学');
  const res = await call(routes.publishDocument, {
    body: {
      title: o.title,
      description: o.description ?? '',
      tags: o.tags ?? [],
      stageId,
      subjectId,
      type: o.type ?? 'DOCUMENT',
      fileIds: [file.id],
      price: o.price ?? 0,
      catalogueNodeIds: o.chapters ?? [],
    },
  });
  if (res.code !== 0) throw new Error(`publish failed: ${res.msg}`);
  if (o.approve !== false) await createReviewAdmin(t.prisma).approve(res.data.id);
  return res.data.id;
};

/** A signed-in client as tests/support/auth.ts's loginAs answers it. */
interface SignedIn {
  call: Call;
  jar: Map<string, string>;
}

/**
 * Uploads real bytes as the client's user (the document upload form) and publishes them as an approved document:
 * what a teacher does in the web, for tests that need a file a viewer can open.
 */
export const publishUploadedDocument = async (
  t: TestApp,
  who: SignedIn,
  file: { name: string; bytes: Buffer },
  body: {
    title: string;
    stageId: number;
    subjectId: number;
    description?: string;
    tags?: string[];
    price?: number;
    catalogueNodeIds?: number[];
  },
) => {
  const uploaded = await postDocument(t.url, cookieOf(who.jar), file.name, file.bytes);
  if (uploaded.status !== 200) throw new Error(`upload failed: ${JSON.stringify(uploaded.json)}`);
  const res = await who.call(routes.publishDocument, {
    body: { type: 'DOCUMENT', fileIds: [String(uploaded.json.data.id)], ...body },
  });
  if (res.code !== 0) throw new Error(`publish failed: ${res.msg}`);
  await createReviewAdmin(t.prisma).approve(res.data.id);
  return res.data.id;
};

/** The same for a video: uploaded in chunks as the video screen does, published as a micro-course and approved. */
export const publishUploadedVideo = async (
  t: TestApp,
  who: SignedIn,
  file: { name: string; bytes: Buffer },
  body: { title: string; stageId: number; subjectId: number; price?: number },
) => {
  const cookie = cookieOf(who.jar);
  const info = await initVideo(t.url, cookie, file.name, file.bytes.length);
  const done = await uploadVideo(t.url, cookie, info.json.data, file.name, file.bytes);
  const res = await who.call(routes.publishMinuteCourse, { body: { fileId: done.data!.fileId!, ...body } });
  if (res.code !== 0) throw new Error(`publish failed: ${res.msg}`);
  await createReviewAdmin(t.prisma).approve(res.data.id);
  return res.data.id;
};

/**
 * Makes the media work of the given files now, in this process (a document's PDF, then its pages and thumbnail,
 * which the PDF queues; a video's renditions; a picture's thumbnail), leaving the rest of the queue alone: the demo
 * district queues hundreds of conversions that a test of a few files need not wait for.
 */
export const makeMediaForFiles = async (t: TestApp, fileIds: string[]) => {
  for (let round = 0; round < 4; round++) {
    const pending = await t.prisma.fileDerivative.findMany({
      where: { fileId: { in: fileIds }, status: 'pending' },
      select: { fileId: true, variant: true },
    });
    if (pending.length === 0) return;
    for (const { fileId, variant } of pending) {
      await t.app.previews.run({ fileId, variant: variant as Variant }, new AbortController().signal, 1, true);
    }
  }
  throw new Error(`media of files ${fileIds.join(', ')} still pending after 4 rounds`);
};

/** The same for the files of the given resources. */
export const makeMediaFor = async (t: TestApp, resourceIds: number[]) => {
  const files = await t.prisma.resourceFile.findMany({
    where: { resourceId: { in: resourceIds } },
    select: { fileId: true },
  });
  await makeMediaForFiles(
    t,
    files.map((f) => f.fileId),
  );
};

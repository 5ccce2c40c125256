import { type BodyInputOf, type Envelope, routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';

export type PublishDocumentBody = BodyInputOf<typeof routes.publishDocument>;
export type PublishVideoBody = BodyInputOf<typeof routes.publishMinuteCourse>;

export interface PublishOutcome {
  ok: boolean;
  /** The new resource (waiting for review) when ok. */
  id: number | null;
  /** The server's message when refused. */
  msg: string;
}

const outcome = (envelope: Envelope<{ id: number; status: string }>): PublishOutcome =>
  envelope.code === 0
    ? { ok: true, id: envelope.data.id, msg: envelope.msg }
    : { ok: false, id: null, msg: envelope.msg || '提交失败，请稍后重试' };

/** A teaching document or research achievement made of uploaded files; it waits for review. */
export const publishDocument = async (body: PublishDocumentBody) =>
  outcome(await api(routes.publishDocument, { body }));

/** A micro-course video; it waits for review. */
export const publishVideo = async (body: PublishVideoBody) => outcome(await api(routes.publishMinuteCourse, { body }));

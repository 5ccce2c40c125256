import { PROMPT_MAX, PromptDialog, type PromptRequest } from './prompt-dialog.tsx';

/** How long a reason may be (the api refuses more). */
export const REASON_MAX = PROMPT_MAX;

export type ReasonRequest = Pick<PromptRequest, 'title' | 'label' | 'okText' | 'danger' | 'onSubmit'>;

/** Asks for the reason a review decision needs (required, at most 200 characters), as a paragraph. */
export const ReasonDialog = ({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) => (
  <PromptDialog request={request && { ...request, multiline: true }} onClose={onClose} />
);

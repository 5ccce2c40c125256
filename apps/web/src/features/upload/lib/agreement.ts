import { sessionStore } from '../../../lib/session-storage.ts';

/**
 * Whether the originality statement was agreed to in this browser tab (uploading implies agreeing).
 * The upload dialog asks before it leads to an upload screen; a screen opened some other way asks itself.
 */
const KEY = 'zyk.upload.agreed';

export const hasAgreedToStatement = () => sessionStore.get(KEY) === '1';
export const agreeToStatement = () => sessionStore.set(KEY, '1');

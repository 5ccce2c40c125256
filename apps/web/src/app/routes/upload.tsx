import { UploadPage } from '../../features/upload/components/upload-page.tsx';

/** /home/uploadDoc: upload document (SPEC.md §2). */
export const UploadDocument = () => <UploadPage kind="document" />;

/** /home/uploadVideo: upload video (SPEC.md §2). */
export const UploadVideo = () => <UploadPage kind="video" />;

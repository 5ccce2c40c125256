import { UploadPage } from '../../features/upload/components/upload-page.tsx';

/** /home/uploadDoc: upload document. */
export const UploadDocument = () => <UploadPage kind="document" />;

/** /home/uploadVideo: upload video. */
export const UploadVideo = () => <UploadPage kind="video" />;

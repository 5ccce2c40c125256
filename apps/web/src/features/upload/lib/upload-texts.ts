import { formatBytes, UPLOAD } from '@zyk/shared';

/** The upload screens' fixed texts. */

const listed = (extensions: readonly string[]) => extensions.join('、');
/** A size that never breaks between the number and its unit. */
const size = (bytes: number) => formatBytes(bytes).replace(' ', '\u00a0');

/** The notice above the file picker: what this screen takes, from the shared upload limits. */
export const UPLOAD_NOTICES: Record<UploadKind, string> = {
  document: `支持格式：${listed(UPLOAD.documentExtensions)}；单个文件不超过 ${size(UPLOAD.documentMaxBytes)}，一次最多 ${UPLOAD.maxFilesPerSelection} 个文件。教研成果还可附带音频和视频。`,
  video: `支持格式：视频 ${listed(UPLOAD.videoExtensions)}，音频 ${listed(UPLOAD.audioExtensions)}；大小不超过 ${size(UPLOAD.videoMaxBytes)}，一个微课 1 个文件。`,
};

/** The document screen's answer to a file it does not take (the video screen's is the server's own message). */
export const DOCUMENT_TYPE_REJECTED = `不支持该文件格式，请上传 ${listed(UPLOAD.documentExtensions)}；教研成果还可附带音频和视频`;

export const STATEMENT_TITLE = '原创声明';

/**
 * The originality statement: the submitter holds the rights and bears the legal responsibility, the unit may
 * promote and use the resource, and copyrighted content without authorisation must not be uploaded.
 */
export const STATEMENT_PARAGRAPHS = [
  '上传者承诺：所上传的资源为本人原创，或已取得著作权人的合法授权，上传者对该资源享有完整的著作权及相关权利。',
  '上传者对所上传资源的内容承担全部法律责任；因资源内容引起的任何纠纷，由上传者自行承担。',
  '资源一经上传，即视为上传者同意本单位在教育教学范围内对该资源进行宣传、推广和使用。',
  '未经著作权人授权，不得上传受著作权保护的作品（包括但不限于他人的教案、课件、论文、图书、音视频等）。',
] as const;

export type UploadKind = 'document' | 'video';

export const UPLOAD_PATHS: Record<UploadKind, string> = {
  document: '/home/uploadDoc',
  video: '/home/uploadVideo',
};

/** The upload screens' fixed texts. */

/** The notice above the file picker: formats and sizes. */
export const UPLOAD_NOTICE =
  '支持格式：doc(docx)、xls(xlsx)、ppt(pptx)、pdf、txt、flv、mp4、mp3、jpg(gif、png、bmp)等；大小不超过 1GB（文档不超过 50M，视频不超过 1G）。';

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

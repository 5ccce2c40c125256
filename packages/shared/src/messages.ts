/**
 * The spec's user-facing messages, shown verbatim. The api's validation handler passes these
 * through without naming the field, so a form shows exactly the spec's sentence.
 */
export const MESSAGES = {
  login: {
    accountRequired: '请输入账号信息！',
    passwordRequired: '请输入密码！',
    sliderRequired: '请拖动滑块完成验证',
    badCredentials: '账号或密码错误',
    accountDisabled: '账号已停用，请联系管理员',
    locked: '登录失败次数过多，请 15 分钟后再试',
    captchaInvalid: '滑块验证已失效，请重新验证',
    success: '登录成功',
  },
  captcha: {
    failed: '验证失败',
    tooMany: '验证失败次数过多，请稍后再试',
  },
  account: {
    oldPasswordWrong: '原密码错误',
    passwordWeak: '新密码须为 8-32 位，且同时包含字母和数字',
    passwordSameAsOld: '新密码不能与原密码相同',
    passwordChanged: '密码已修改，其他设备已退出登录',
    phoneInvalid: '请输入正确的手机号',
    phoneTaken: '该手机号已被其他账号使用',
    phoneSame: '新手机号与当前手机号相同',
    smsTooFrequent: '验证码发送过于频繁，请稍后再试',
    smsInvalid: '验证码错误或已失效',
    smsSent: '验证码已发送',
    wechatNotBound: '当前账号未绑定微信',
  },
  upload: {
    unsupportedBrowser: '浏览器不支持此上传方式',
    failedNoRetry: '上传失败（错误码 -1）',
    failedRetry: '上传失败（错误码 -2）',
    failedPartial: '上传失败（错误码 -3）',
    resumePointFailed: '获取文件续传位置失败',
    dataError: '上传数据有误',
    networkRetrying: '网络异常，正在重试',
    videoTooLarge: '视频文件过大',
    attachmentTooLarge: '附件文件过大',
    tooManyFiles: '单次最多上传 10 个文件，请重新选择',
    tooManyActiveUploads: '进行中的上传过多，请稍后再试',
    documentTypeNotAllowed:
      '不支持该文件格式，文档请上传 doc(docx)、xls(xlsx)、ppt(pptx)、pdf、txt、jpg(gif、png、bmp)',
    mediaTypeNotAllowed:
      '不支持该文件格式，视频和音频请上传 mp4、flv、avi、wmv、rmvb、mpg、mov、3gp、mkv、mp3、wav、flac、aac、m4a',
    contentMismatch: '文件内容与扩展名不符，请上传真实的文件',
    textNotReadable: '文本文件须为 UTF-8 或 GBK 编码的纯文本',
    noFile: '请选择要上传的文件',
    fileNameRequired: '请提供文件名',
    emptyFile: '不能上传空文件',
    uploadNotFound: '上传任务不存在或已过期，请重新上传',
    uploadFailed: '上传已失败，请重新上传',
    storageUnavailable: '文件存储暂不可用，请稍后重试',
  },
  file: {
    notFound: '文件不存在或已删除',
    linkExpired: '文件链接已失效，请刷新页面后重试',
    rangeNotSatisfiable: '请求的文件范围无效',
  },
  preview: {
    unavailable: '服务器未安装文档转换组件，暂不支持在线预览，请下载后查看',
    converting: '文档正在转换，请稍候',
    failed: '文档转换失败，请下载后查看',
    tooLarge: '文件过大，暂不支持在线预览，请下载后查看',
    notSupported: '该格式暂不支持在线预览，请下载后查看',
  },
} as const;

const flatten = (node: object): string[] =>
  Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : flatten(v as object)));

const CATALOGUE = new Set(flatten(MESSAGES));

/** True for a message of the spec's catalogue: shown as it is, without a field prefix. */
export const isCatalogueMessage = (msg: string) => CATALOGUE.has(msg);

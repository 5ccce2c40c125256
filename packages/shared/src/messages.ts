import { CONSOLE_COMMON_MESSAGES } from './console-messages/common.ts';
import { CURATION_MESSAGES } from './console-messages/curation.ts';
import { DASHBOARD_MESSAGES } from './console-messages/dashboard.ts';
import { MONEY_MESSAGES } from './console-messages/money.ts';
import { PEOPLE_MESSAGES } from './console-messages/people.ts';
import { REVIEW_MESSAGES } from './console-messages/review.ts';
import { PAY_PASSWORD_LOCK_MINUTES } from './constants.ts';
import { fenToYuanText } from './money.ts';

/**
 * The one catalogue of user-facing messages, shown verbatim, grouped by the area they belong to. A message with a
 * variable part is a function of it. The first groups (login to preview) are the spec's sentences: the api's
 * validation handler passes those through without naming the field, so a form shows exactly the spec's sentence.
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
    smsPhoneRefused: '该手机号无法接收短信，请检查号码或换一个手机号',
    smsUnavailable: '短信发送失败，请稍后重试',
    wechatNotBound: '当前账号未绑定微信',
  },
  security: {
    /** Why a login in the history failed, by the reason recorded. */
    loginFailure: { BAD_PASSWORD: '密码错误', LOCKED: '账号已锁定', DISABLED: '账号已停用' },
    wechatAlreadyBound: '当前账号已绑定微信，如需更换请先解除绑定',
    wechatBound: '微信绑定成功',
    wechatUnbound: '已解除微信绑定',
    /** Why a binding that came back from WeChat did not happen, by the code the callback sends to the page. */
    wechatBindFailed: {
      state: '绑定请求已失效（超过 10 分钟、已使用过或不是在本设备发起），请重新绑定',
      denied: '您已在微信中取消授权，未绑定',
      code: '微信授权码无效或已过期，请重新绑定',
      taken: '该微信已绑定其他账号，请先在该账号中解除绑定',
      login: '登录已失效，请重新登录后再绑定微信',
      provider: '暂时无法连接微信，请稍后重试',
    },
    sessionNotFound: '该登录设备不存在或已退出',
    sessionIsCurrent: '不能在此退出本机，请使用“退出登录”',
    sessionEnded: '该设备已退出登录',
    othersEnded: (n: number) => (n > 0 ? `已退出其他 ${n} 台设备` : '没有其他设备在登录'),
  },
  registration: {
    captchaRequired: '请先完成滑块验证',
    passwordWeak: '密码须为 8-32 位，且同时包含字母和数字',
    phoneTaken: '该手机号已注册，请直接登录或找回密码',
    phoneRejected: '该手机号的注册申请未通过审核，如有疑问请联系学校管理员',
    idCardTaken: '该身份证号已注册，请直接登录或找回密码',
    userNameTaken: '该用户名已被使用，请换一个',
    userNameInvalid: '用户名须以字母开头，3-32 位字母、数字、下划线、点或连字符',
    idCardInvalid: '身份证号不正确（须为 18 位且校验位正确）',
    realNameInvalid: '请输入真实姓名（2-30 字）',
    schoolInvalid: '请选择所在学校',
    subjectInvalid: '请选择正确的学段与学科',
    notOnRoster: '未在本区教师名单中找到您：请核对姓名与手机号或身份证号，或联系学校管理员',
    submittedPending: '请等待所选学校的管理员审核，结果将以短信通知；通过后即可登录。',
    registered: '注册成功',
    pendingLogin: '您的注册申请正在等待学校管理员审核，审核通过后即可登录',
    rejectedLogin: '您的注册申请未通过审核，如有疑问请联系学校管理员',
    notPending: '该申请已处理，请刷新列表',
    applicantNotFound: '注册申请不存在',
    reasonRequired: '请填写不通过的原因',
    approved: '已通过注册申请',
    rejected: '已拒绝注册申请',
    resetDone: '密码已重置，请使用新密码登录',
    accountRequired: '请输入用户名、手机号或身份证号',
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
    oneFileOnly: '一次只能上传一个文件',
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
    locked: '付费资源，购买后即可在线预览和下载全部文件',
    mediaUnavailable: '服务器未安装转码组件，暂不能在线播放，请下载后观看',
    retryNotAllowed: '只有上传者或管理员可以重新转码',
    retryNotNeeded: '该文件没有需要重新处理的任务',
  },
  /** Requests refused before any module sees them (the error handler, the transaction gate). */
  request: {
    busy: '系统繁忙，请稍后再试',
    multipartInvalid: '上传的表单数据不完整或格式有误',
    contentLengthInvalid: '请求长度有误',
    emptyJsonBody: '请求体不能为空',
    invalidJsonBody: '请求体不是合法的 JSON',
    tooManyFormFields: '上传的表单字段过多',
    badUrl: '请求地址有误',
    metricsTokenInvalid: '缺少或错误的监控令牌',
  },
  /** Text of any request field (plugins/input.ts): shown after the field's name. */
  inputText: {
    forbiddenCharacter: '含有不允许的字符（空字符或无效的 Unicode 字符）',
    tooDeep: '请求数据层级过深',
  },
  dict: {
    subjectNotInStage: '所选学科不属于该学段，请重新选择',
  },
  /** The textbook catalogue (modules/catalogue) and the chapters resources hang on. */
  catalogue: {
    nodeNotFound: '教材目录节点不存在',
    chapterNotFound: '所选教材章节不存在，请重新选择',
    chapterRetired: (name: string) => `教材章节“${name}”已停用，请重新选择`,
    chapterNotTaggable: '请选择到册次、单元或课（只选版本不能作为章节）',
    chapterWrongSubject: '所选教材章节与资源的学段学科不一致，请重新选择',
    stageSubjectRequired: '请选择学段和学科',
    kindAfterParent: (kind: string, parentKind: string) => `“${kind}”只能建在“${parentKind}”下`,
    editionHasNoParent: '版本是目录的第一级，不能放在其他节点下',
    parentRetired: '上级节点已停用，请先恢复上级节点',
    codeTaken: (code: string) => `编号 ${code} 已被使用`,
    gradeOnlyForVolumes: '只有册次可以设置年级',
    moveAcrossSubjects: '不能把节点移到其他学段学科的目录下',
    mergeSameNode: '不能把节点合并到它自己',
    mergeKindDiffers: '只能合并同一类型的节点（版本与版本、册次与册次、单元与单元、课与课）',
    mergeIntoOwnChild: '不能把节点合并到它下面的节点',
    mergeIntoRetired: '不能合并到已停用的节点',
    alreadyMerged: '该节点已合并到其他节点',
    outOfScope: '只能维护本人学段学科的教材目录',
    importEmpty: '导入内容中没有目录节点',
    importBadJson: (reason: string) => `JSON 格式有误：${reason}`,
    importBadCsv: (reason: string) => `CSV 格式有误：${reason}`,
    importBadCsvHeader: (columns: string) => `CSV 的第一行须为列名：${columns}`,
    importRow: (where: string, problem: string) => `${where}：${problem}`,
    importUnknownStage: (name: string) => `学段“${name}”不存在`,
    importUnknownSubject: (stage: string, subject: string) => `学段“${stage}”下没有学科“${subject}”`,
    importDuplicateCode: (code: string) => `编号 ${code} 重复出现`,
    importUnknownParent: (code: string) => `上级编号 ${code} 不存在`,
    importBadKind: (kind: string) => `节点类型“${kind}”不正确，应为 edition、volume、unit 或 lesson`,
    importBadCode: (code: string) => `编号“${code}”不正确：只能由字母、数字与 . _ - 组成，不超过 64 位`,
    importBadName: '名称须为 1–60 个字',
    importBadGrade: (grade: string) => `年级“${grade}”不正确，应为 1–12 或 七年级、高一等`,
    importParentSubject: '与上级节点的学段学科不一致',
    importKindChange: (code: string) => `编号 ${code} 已是另一类型的节点，不能改变类型`,
    importMoveAcross: (code: string) => `编号 ${code} 已属于其他学段学科`,
  },
  center: {
    roleNotOwned: '该角色不属于当前用户',
  },
  /** The training centre (modules/training). */
  training: {
    projectNotFound: '研修项目不存在',
    notProjectMember: '你不是该研修项目的成员，无法查看项目详情',
  },
  /** The personal centre's profile (modules/center). */
  profile: {
    bioTooLong: '个人简介不能超过 200 个字',
    avatarNotOwnImage: '头像须为本人上传的图片文件',
    stageNotFound: '所选学段不存在，请重新选择',
  },
  /** Studios (名师工作室, modules/studios). */
  studio: {
    notFound: '工作室不存在',
    leaderOnly: '只有工作室负责人可以进行此操作',
    membersOnly: '只有工作室成员可以进行此操作',
    userNotFound: '未找到该用户，请输入正确的用户名或手机号',
    alreadyMember: '该用户已是工作室成员',
    notMember: '该用户不是工作室成员',
    leaderStays: '工作室负责人不能被移出工作室',
    leaderCannotLeave: '工作室负责人不能退出工作室',
    userDisabled: '该账号已停用，不能加入工作室',
    resourceNotShareable: '只能分享本人已发布的资源',
    alreadyShared: '该资源已分享到本工作室',
    sharedNotFound: '该资源不在本工作室中',
    notYourShare: '只能撤回本人分享的资源',
    announcementNotFound: '公告不存在',
    coverNotOwnImage: '封面须为本人上传的图片文件',
  },
  /** The user's inbox (modules/messages). */
  inbox: {
    notFound: '消息不存在',
  },
  workOrder: {
    attachmentsNotOwned: '附件不存在或不属于当前用户，请重新上传',
    notFound: (id: number) => `工单 ${id} 不存在`,
    closed: (id: number) => `工单 ${id} 已关闭`,
    notFoundOrClosed: (id: number) => `工单 ${id} 不存在或已关闭`,
  },
  /** Library resources: publishing, detail and the administrator's review. */
  resource: {
    notFoundOrUnpublished: '资源不存在或尚未发布',
    notFoundOrDeleted: '资源不存在或已删除',
    onlyOwnEditable: '只能修改自己上传的资源',
    typeChangeNotAllowed: '微课与文档类资源不能互相转换',
    filesNotOwned: '文件不存在或不属于当前用户，请重新上传',
    fileKindWrong: (fileName: string) => `文件“${fileName}”的类型不适用于该资源`,
    coverNotOwnImage: '封面须为本人上传的图片',
    reviewNotFound: (id: number) => `资源 ${id} 不存在或已删除`,
    reviewNotPending: (id: number) => `资源 ${id} 当前不在待审核状态`,
  },
  download: {
    paidResource: '该资源为付费资源，购买后即可下载',
    unavailable: '该资源暂不可下载',
    fileNotInResource: '该资源没有这个文件',
    loginRequired: '请先登录后再下载',
  },
  comment: {
    notFound: '评论不存在或已删除',
    replyToUserNotFound: '回复的用户不存在',
    onlyOwnDeletable: '只能删除自己的评论',
    replyNotFound: '回复不存在或已删除',
    onlyOwnReplyDeletable: '只能删除自己的回复',
  },
  search: {
    synonymWordInvalid: (word: string) => `同义词“${word}”须为 1-20 个汉字、字母或数字`,
    synonymTooFew: '一组同义词至少需要两个不同的词',
  },
  report: {
    alreadyReported: '您已举报过该资源，我们会尽快处理',
    notFoundOrHandled: (id: number) => `举报 ${id} 不存在或已处理`,
  },
  /** Classroom courses and their lessons. */
  course: {
    notFoundOrUnpublished: '课程不存在或尚未发布',
    notFoundOrDeleted: '课程不存在或已删除',
    lessonNotFound: '课时不存在',
    onlyOwnEditable: '只能修改自己的课程',
    onlyOwnDeletable: '只能删除自己的课程',
    /** A course cover or a topic background that is not an image the author uploaded. */
    imageNotOwnImage: '图片须为本人上传的图片文件',
    lessonResourcesUnusable: '课时引用的资源不存在或未发布',
    reviewNotFound: (id: number) => `课程 ${id} 不存在或已删除`,
    reviewNotPending: (id: number) => `课程 ${id} 当前不在待审核状态`,
  },
  /** Classroom topics. */
  topic: {
    notFoundOrUnpublished: '专题不存在或尚未发布',
    notFoundOrDeleted: '专题不存在或已删除',
    onlyOwnEditable: '只能修改自己的专题',
    coursesUnusable: '专题中的课程不存在或未发布',
    reviewNotFound: (id: number) => `专题 ${id} 不存在或已删除`,
    reviewNotPending: (id: number) => `专题 ${id} 当前不在待审核状态`,
  },
  order: {
    notFound: '订单不存在',
    resourceUnavailable: '资源不存在或已下架',
    freeResource: '免费资源无需购买，可直接下载',
    ownResource: '不能购买自己上传的资源',
    alreadyPurchased: '您已购买过该资源，可直接下载',
    createFailed: '下单失败，请稍后重试',
    paidNoCancel: '订单已支付，不能取消',
    endedNoCancel: '订单已结束，无需取消',
    statusChanged: '订单状态已变化，请刷新后重试',
    cancelBeforeHide: '待支付的订单请先取消再删除',
    refundNotFound: (orderNo: string) => `订单 ${orderNo} 不存在`,
    refundNotPaid: (orderNo: string) => `订单 ${orderNo} 未支付或已退款`,
    refundSettled: (orderNo: string) => `订单 ${orderNo} 的收入已结算，不能原路退款`,
  },
  payment: {
    alreadyPaid: '订单已支付，请勿重复支付',
    orderClosed: '订单已取消或已关闭，请重新下单',
    orderExpired: '订单已超时关闭，请重新下单',
    couponShort: (remainderFen: number) =>
      `优惠券不足以抵扣，还需支付 ${fenToYuanText(remainderFen)} 元，请验证支付密码后用余额补足`,
    balanceShort: (remainderFen: number) => `余额不足，还需支付 ${fenToYuanText(remainderFen)} 元，请换用其他支付方式`,
    couponCoversAll: '优惠券已可全额抵扣，请直接使用优惠券支付',
    /** The pay token that `password/check` hands out. */
    tokenInvalid: '支付凭证无效，请重新验证支付密码',
    tokenExpired: '支付密码验证已过期，请重新验证',
  },
  payPassword: {
    notSet: '请先设置支付密码',
    locked: `支付密码错误次数过多，请 ${PAY_PASSWORD_LOCK_MINUTES} 分钟后再试`,
    wrong: (left: number) => `支付密码错误，还可尝试 ${left} 次`,
    format: '支付密码须为 6 位数字',
    weak: '支付密码不能是 6 个相同的数字或连续的数字（如 123456、654321）',
    loginPasswordWrong: '登录密码错误',
  },
  coupon: {
    notFound: '优惠券不存在',
    /** Why a coupon cannot pay an order: listed beside the coupon, and `unusable(problem)` when paying. */
    problem: {
      used: '已使用',
      expired: '已过期',
      notYetValid: '未到使用时间',
      heldByOtherOrder: '已被其他订单占用',
      belowThreshold: '不满足使用门槛',
      wrongResourceType: '不适用于该资源类型',
    },
    unusable: (problem: string) => `优惠券${problem}`,
    amountOffInvalid: '优惠券面额须为正整数（分）',
    thresholdInvalid: '使用门槛须为非负整数（分）',
    validityInvalid: '有效期的结束须晚于开始',
  },
  wallet: {
    topUpAmountInvalid: (amount: number) => `充值金额须为正整数（分）：${amount}`,
  },
  /** The seller's sales statistics. */
  sales: {
    resourceNotOwn: '资源不存在或不是您上传的',
  },
  /** Identity verification (实名认证). */
  verification: {
    pending: '已有待审核的认证申请',
    approved: '已通过实名认证，无需重复提交',
    badImage: '身份证照片须为本人上传的图片文件，请重新上传',
    sameImage: '身份证人像面与国徽面不能是同一张照片',
    idCardTaken: '该身份证号已被其他账号认证',
    requestNotFound: (id: number) => `认证申请 ${id} 不存在`,
    idCardTakenReject: (id: number) => `认证申请 ${id} 的身份证号已被其他账号认证，请驳回`,
    alreadyDecided: (id: number) => `认证申请 ${id} 已处理过`,
  },
  invoice: {
    notOwnPaid: '只能为本人已支付的订单开票',
    alreadyInvoiced: '订单已开票或正在开票',
    zeroAmount: '实付金额为 0 的订单无需开票',
    invoiceNoFormat: '发票号码须为 6-32 位字母、数字或“-”',
    requestNotFoundOrHandled: (id: number) => `开票申请 ${id} 不存在或已处理`,
  },
  withdrawal: {
    alipayAlreadyBound: '已绑定支付宝账户，如需更换请使用“更换支付宝”',
    alipayNotBound: '尚未绑定支付宝账户',
    authStateMismatch: '授权信息与当前账号不符，请重新发起绑定',
    pendingBlocksReplace: '有审核中的提现，暂不能更换支付宝账户',
    alipayAuthFailed: (reason: string) => `支付宝授权失败：${reason}`,
    belowMinimum: (minimumFen: number) => `单笔提现金额不能低于 ${fenToYuanText(minimumFen)} 元`,
    verificationRequired: '请先完成实名认证再提现',
    alipayRequired: '请先绑定支付宝账户再提现',
    insufficientIncome: '可提现收入不足',
    notFoundOrHandled: (id: number) => `提现 ${id} 不存在或已处理`,
  },
  /** The Idempotency-Key header of money-moving requests. */
  idempotency: {
    keyInvalid: '幂等键（Idempotency-Key）须为 8–64 位字母、数字或 _ . : -',
    keyReused: '该幂等键已用于另一笔不同的请求，请换一个',
  },
  /** Answers of the Alipay gateway. */
  alipay: {
    answerUnreadable: (method: string) => `支付宝应答无法解析（${method}）`,
    gatewayError: (reason: string | undefined, code: string | undefined) =>
      `支付宝返回错误：${reason || '未知错误'}${code ? `（${code}）` : ''}`,
    answerSignatureInvalid: (method: string) => `支付宝应答验签失败（${method}）`,
    authInvalid: '支付宝授权无效',
  },
  /** The administrator's tools (pnpm admin): sentences shared by several areas' admin services. */
  admin: {
    userNotFound: (userName: string) => `用户 ${userName} 不存在`,
    rejectReasonRequired: '请填写驳回原因',
  },
  /** The administration console (/admin), one group per part; each part keeps its sentences in console-messages/. */
  console: {
    common: CONSOLE_COMMON_MESSAGES,
    review: REVIEW_MESSAGES,
    people: PEOPLE_MESSAGES,
    money: MONEY_MESSAGES,
    dashboard: DASHBOARD_MESSAGES,
    curation: CURATION_MESSAGES,
  },
} as const;

const flatten = (node: object): string[] =>
  Object.values(node).flatMap((v) =>
    typeof v === 'string' ? [v] : typeof v === 'function' ? [] : flatten(v as object),
  );

/**
 * The spec's groups: a validation schema may raise their sentences, which are then shown as they are. The other
 * groups are the api's own answers; a schema that happens to share one of their sentences (the pay token's) is
 * still shown with its field, as before they joined the catalogue.
 */
const SPEC_GROUPS = ['login', 'captcha', 'account', 'upload', 'file', 'preview'] as const;

const CATALOGUE = new Set(SPEC_GROUPS.flatMap((group) => flatten(MESSAGES[group])));

/** True for a message of the spec's catalogue: shown as it is, without a field prefix. */
export const isCatalogueMessage = (msg: string) => CATALOGUE.has(msg);

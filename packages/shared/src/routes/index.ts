import * as account from './account.ts';
import { adminRoutes } from './admin/index.ts';
import * as auth from './auth.ts';
import * as center from './center.ts';
import * as commerce from './commerce/index.ts';
import * as courses from './courses.ts';
import * as curation from './curation.ts';
import * as dict from './dict.ts';
import * as files from './files.ts';
import * as library from './library/index.ts';
import * as messages from './messages.ts';
import * as preview from './preview.ts';
import * as registration from './registration.ts';
import * as studios from './studios.ts';
import * as system from './system.ts';
import * as training from './training.ts';
import * as uploads from './uploads.ts';
import * as workorders from './workorders.ts';

/** The route table: every endpoint of the product, one entry each. */
export const routes = {
  healthz: system.healthz,
  readyz: system.readyz,
  dictList: dict.dictList,
  clientConfig: auth.clientConfig,
  getImgSwipe: auth.getImgSwipe,
  rstImgSwipe: auth.rstImgSwipe,
  newLogin: auth.newLogin,
  alreadyLogin: auth.alreadyLogin,
  logout: auth.logout,
  listSessions: auth.listSessions,
  endSession: auth.endSession,
  endOtherSessions: auth.endOtherSessions,
  loginHistory: auth.loginHistory,
  getRoleList: center.getRoleList,
  getCenterInfo: center.getCenterInfo,
  getStudioList: studios.getStudioList,
  getProfile: center.getProfile,
  profileSave: center.profileSave,
  getProjectPage: training.getProjectPage,
  getProjectDetail: training.getProjectDetail,
  getSubjectOption: center.getSubjectOption,
  getAreaDict: center.getAreaDict,
  changePassword: account.changePassword,
  confirmPhoneRand: account.confirmPhoneRand,
  sendPhoneAfterVerify: account.sendPhoneAfterVerify,
  weChatWebUnBind: account.weChatWebUnBind,
  registerOptions: registration.registerOptions,
  registerSendCode: registration.registerSendCode,
  register: registration.register,
  forgotPasswordSendCode: registration.forgotPasswordSendCode,
  forgotPasswordReset: registration.forgotPasswordReset,
  weChatBindInfo: account.weChatBindInfo,
  weChatWebBind: account.weChatWebBind,
  uploadDocument: uploads.uploadDocument,
  videoUploadInit: uploads.videoUploadInit,
  videoUploadMeta: uploads.videoUploadMeta,
  videoUploadChunk: uploads.videoUploadChunk,
  fileInfo: files.fileInfo,
  fileContent: files.fileContent,
  fileThumbnail: preview.fileThumbnail,
  onlinePreview: preview.onlinePreview,
  retryMediaProcessing: preview.retryMediaProcessing,
  fileMedia: preview.fileMedia,
  resourceHomepageList: library.resourceHomepageList,
  resourceList: library.resourceList,
  recommend: library.recommend,
  publishDocument: library.publishDocument,
  publishMinuteCourse: library.publishMinuteCourse,
  resourceInfo: library.resourceInfo,
  resourceOpen: library.resourceOpen,
  resourceEditInfo: library.resourceEditInfo,
  resourceDelete: library.resourceDelete,
  myUploads: library.myUploads,
  homeData: library.homeData,
  homeBanners: curation.homeBanners,
  trainTypes: library.trainTypes,
  totalResourceCount: library.totalResourceCount,
  memberRank: library.memberRank,
  resourceRank: library.resourceRank,
  star: library.star,
  collect: library.collect,
  countView: library.countView,
  playRecord: library.playRecord,
  viewHistory: library.viewHistory,
  homeViews: library.homeViews,
  viewDelete: library.viewDelete,
  viewDeleteAll: library.viewDeleteAll,
  download: library.download,
  myStars: library.myStars,
  myDownloads: library.myDownloads,
  myCollects: library.myCollects,
  downloadDelete: library.downloadDelete,
  report: library.report,
  commentSave: library.commentSave,
  commentList: library.commentList,
  replySave: library.replySave,
  replyList: library.replyList,
  commentDelete: library.commentDelete,
  search: library.search,
  catalogueTree: library.catalogueTree,
  searchRecordList: library.searchRecordList,
  searchRecordDelete: library.searchRecordDelete,
  searchRecordDeleteAll: library.searchRecordDeleteAll,
  hotWords: library.hotWords,
  messageList: messages.messageList,
  messageDetail: messages.messageDetail,
  messageRead: messages.messageRead,
  messageReadAll: messages.messageReadAll,
  unreadMessageCount: messages.unreadMessageCount,
  workOrderInsert: workorders.workOrderInsert,
  workOrderInfo: workorders.workOrderInfo,
  courseCategories: courses.courseCategories,
  titleCategories: courses.titleCategories,
  courseList: courses.courseList,
  courseHome: courses.courseHome,
  courseInfo: courses.courseInfo,
  coursePreview: courses.coursePreview,
  titleList: courses.titleList,
  titleInfo: courses.titleInfo,
  study: courses.study,
  myCourseResources: courses.myCourseResources,
  courseSave: courses.courseSave,
  courseDelete: courses.courseDelete,
  myCourses: courses.myCourses,
  topicList: courses.topicList,
  topicInfo: courses.topicInfo,
  topicBackground: courses.topicBackground,
  topicSave: courses.topicSave,
  myTopics: courses.myTopics,
  // commerce: orders, payments, coupons, income, withdrawals, statistics
  payInfoResource: commerce.payInfoResource,
  payInfoOrder: commerce.payInfoOrder,
  orderSuccess: commerce.orderSuccess,
  orderCancel: commerce.orderCancel,
  orderDelete: commerce.orderDelete,
  balancePay: commerce.balancePay,
  couponPay: commerce.couponPay,
  alipayPay: commerce.alipayPay,
  myCouponsUsable: commerce.myCouponsUsable,
  myCouponsUnusable: commerce.myCouponsUnusable,
  buyRecord: commerce.buyRecord,
  revenueRecord: commerce.revenueRecord,
  expenditureRecord: commerce.expenditureRecord,
  withdrawalRecord: commerce.withdrawalRecord,
  withdrawalPreview: commerce.withdrawalPreview,
  withdrawal: commerce.withdrawal,
  alipayOauth: commerce.alipayOauth,
  replaceAlipay: commerce.replaceAlipay,
  accountInfo: commerce.accountInfo,
  sellerStatistics: commerce.sellerStatistics,
  amountStatistics: commerce.amountStatistics,
  resourceStatistics: commerce.resourceStatistics,
  revenueExpenditure: commerce.revenueExpenditure,
  annualAccount: commerce.annualAccount,
  // commerce: verification, pay password, invoices
  verifyAccountInfo: commerce.verifyAccountInfo,
  verifyAccountUpload: commerce.verifyAccountUpload,
  verifyAccountChangePassword: commerce.verifyAccountChangePassword,
  verifyAccountChangePhone: commerce.verifyAccountChangePhone,
  payPasswordCheck: commerce.payPasswordCheck,
  payPasswordStatus: commerce.payPasswordStatusRoute,
  invoiceApply: commerce.invoiceApply,
  invoiceRecord: commerce.invoiceRecord,
  invoiceOrders: commerce.invoiceOrders,
  // studios (名师工作室)
  studioHome: studios.studioHome,
  studioMembers: studios.studioMembers,
  studioResources: studios.studioResources,
  studioAnnouncements: studios.studioAnnouncements,
  studioShareable: studios.studioShareable,
  studioMemberAdd: studios.studioMemberAdd,
  studioMemberRemove: studios.studioMemberRemove,
  studioLeave: studios.studioLeave,
  studioIntroSave: studios.studioIntroSave,
  studioAnnouncementSave: studios.studioAnnouncementSave,
  studioAnnouncementDelete: studios.studioAnnouncementDelete,
  studioShare: studios.studioShare,
  studioUnshare: studios.studioUnshare,
  // the administration console (/admin)
  ...adminRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export * from './admin/index.ts';
export { type CenterInfo, centerInfo, type ProfileView } from './center.ts';
export {
  type CouponView,
  INVOICE_STATUS,
  INVOICE_TITLE_TYPES,
  type InvoiceItem,
  isValidTaxNumber,
  isValidUscc,
  ORDER_STATUS_LABELS,
  type OrderView,
  PAY_METHOD_LABELS,
  PAY_PASSWORD_PATTERN,
  REAL_NAME_PATTERN,
  VERIFICATION_STATUS,
  type VerificationInfo,
  WITHDRAWAL_STATUS_LABELS,
} from './commerce/index.ts';
export { COURSE_CATEGORIES, TITLE_CATEGORIES } from './courses.ts';
export { type HomeBanner, homeBanner } from './curation.ts';
export * from './define.ts';
export { type DictEntry, dictEntry } from './dict.ts';
export { type StoredFileView, storedFileView } from './files.ts';
export {
  type CatalogueNode,
  type ChapterRef,
  catalogueNode,
  chapterRef,
  REPORT_CATEGORIES,
  RESOURCE_SORTS,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceCard,
  type ResourceDetail,
  type ResourceType,
  TRAIN_TYPES,
} from './library/index.ts';
export { MESSAGE_TYPES } from './messages.ts';
export {
  type PreviewInfo,
  type PreviewMedia,
  type PreviewPages,
  previewInfo,
  previewMedia,
  previewPages,
} from './preview.ts';
export {
  REGISTRATION_POLICIES,
  type RegisterOptions,
  type RegistrationPolicy,
  USER_NAME_PATTERN,
} from './registration.ts';
export type {
  StudioAnnouncementView,
  StudioHomeView,
  StudioMemberView,
  StudioPerson,
  StudioResourceCard,
} from './studios.ts';
export {
  type ProjectCourse,
  type ProjectDetail,
  type ProjectEntry,
  projectCourse,
  projectDetail,
  projectEntry,
} from './training.ts';
export { type ChunkAnswer, chunkAnswer, videoUploadInfo } from './uploads.ts';
export { WORK_ORDER_CATEGORIES, WORK_ORDER_STATUS } from './workorders.ts';

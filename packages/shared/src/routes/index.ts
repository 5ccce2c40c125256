import * as center from './center.ts';
import * as commerce from './commerce.ts';
import * as courses from './courses.ts';
import * as dict from './dict.ts';
import * as identity from './identity.ts';
import * as interactions from './interactions.ts';
import * as invoices from './invoices.ts';
import * as library from './library.ts';
import * as messages from './messages.ts';
import * as search from './search.ts';
import * as system from './system.ts';
import * as uploads from './uploads.ts';
import * as verify from './verify.ts';

/** The route table: every endpoint of the product, one entry each (DESIGN.md §2). */
export const routes = {
  healthz: system.healthz,
  readyz: system.readyz,
  dictList: dict.dictList,
  clientConfig: identity.clientConfig,
  getImgSwipe: identity.getImgSwipe,
  rstImgSwipe: identity.rstImgSwipe,
  newLogin: identity.newLogin,
  alreadyLogin: identity.alreadyLogin,
  logout: identity.logout,
  getRoleList: center.getRoleList,
  getCenterInfo: center.getCenterInfo,
  getStudioList: center.getStudioList,
  getProjectPage: center.getProjectPage,
  getSubjectOption: center.getSubjectOption,
  getAreaDict: center.getAreaDict,
  changePassword: center.changePassword,
  confirmPhoneRand: center.confirmPhoneRand,
  sendPhoneAfterVerify: center.sendPhoneAfterVerify,
  weChatWebUnBind: center.weChatWebUnBind,
  uploadDocument: uploads.uploadDocument,
  videoUploadInit: uploads.videoUploadInit,
  videoUploadMeta: uploads.videoUploadMeta,
  videoUploadChunk: uploads.videoUploadChunk,
  fileInfo: uploads.fileInfo,
  fileContent: uploads.fileContent,
  fileThumbnail: uploads.fileThumbnail,
  onlinePreview: uploads.onlinePreview,
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
  trainTypes: library.trainTypes,
  totalResourceCount: library.totalResourceCount,
  memberRank: library.memberRank,
  resourceRank: library.resourceRank,
  star: interactions.star,
  collect: interactions.collect,
  countView: interactions.countView,
  playRecord: interactions.playRecord,
  viewHistory: interactions.viewHistory,
  homeViews: interactions.homeViews,
  viewDelete: interactions.viewDelete,
  viewDeleteAll: interactions.viewDeleteAll,
  download: interactions.download,
  myStars: interactions.myStars,
  myDownloads: interactions.myDownloads,
  myCollects: interactions.myCollects,
  downloadDelete: interactions.downloadDelete,
  report: interactions.report,
  commentSave: interactions.commentSave,
  commentList: interactions.commentList,
  replySave: interactions.replySave,
  replyList: interactions.replyList,
  commentDelete: interactions.commentDelete,
  search: search.search,
  searchRecordList: search.searchRecordList,
  searchRecordDelete: search.searchRecordDelete,
  searchRecordDeleteAll: search.searchRecordDeleteAll,
  hotWords: search.hotWords,
  messageList: messages.messageList,
  messageDetail: messages.messageDetail,
  messageRead: messages.messageRead,
  messageReadAll: messages.messageReadAll,
  unreadMessageCount: messages.unreadMessageCount,
  workOrderInsert: messages.workOrderInsert,
  workOrderInfo: messages.workOrderInfo,
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
  verifyAccountInfo: verify.verifyAccountInfo,
  verifyAccountUpload: verify.verifyAccountUpload,
  verifyAccountChangePassword: verify.verifyAccountChangePassword,
  verifyAccountChangePhone: verify.verifyAccountChangePhone,
  payPasswordCheck: verify.payPasswordCheck,
  payPasswordStatus: verify.payPasswordStatusRoute,
  invoiceApply: invoices.invoiceApply,
  invoiceRecord: invoices.invoiceRecord,
  invoiceOrders: invoices.invoiceOrders,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export { type CenterInfo, centerInfo } from './center.ts';
export {
  type CouponView,
  ORDER_STATUS_LABELS,
  type OrderView,
  PAY_METHOD_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from './commerce.ts';
export { COURSE_CATEGORIES, TITLE_CATEGORIES } from './courses.ts';
export * from './define.ts';
export { type DictEntry, dictEntry } from './dict.ts';
export { REPORT_CATEGORIES } from './interactions.ts';
export { INVOICE_STATUS, INVOICE_TITLE_TYPES, type InvoiceItem, isValidTaxNumber, isValidUscc } from './invoices.ts';
export {
  RESOURCE_SORTS,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceCard,
  type ResourceDetail,
  type ResourceType,
  TRAIN_TYPES,
} from './library.ts';
export { MESSAGE_TYPES, WORK_ORDER_CATEGORIES, WORK_ORDER_STATUS } from './messages.ts';
export {
  type ChunkAnswer,
  chunkAnswer,
  type PreviewInfo,
  previewInfo,
  type StoredFileView,
  storedFileView,
  videoUploadInfo,
} from './uploads.ts';
export {
  PAY_PASSWORD_PATTERN,
  REAL_NAME_PATTERN,
  VERIFICATION_STATUS,
  type VerificationInfo,
} from './verify.ts';

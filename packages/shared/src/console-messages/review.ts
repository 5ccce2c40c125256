/** Sentences of the administration console's review pages and their api. */
export const REVIEW_MESSAGES = {
  alreadyHandled: (title: string) => `《${title}》已被其他审核人处理，请刷新列表`,
  notPending: (title: string) => `《${title}》当前不在待审核状态`,
  notPublished: (title: string) => `《${title}》当前未发布，不能下架`,
  awaitsSchool: (title: string) => `《${title}》尚未通过学校初审，请等待学校管理员审核`,
  awaitsDistrict: (title: string) => `《${title}》已通过学校初审，正等待区县终审`,
  noneApproved: '所选资源都已被处理，请刷新列表',
  noOpenReports: (resourceId: number) => `资源 ${resourceId} 没有未处理的举报`,
  resourceNotFound: (id: number) => `资源 ${id} 不存在或已删除`,
} as const;

/** Sentences of the administration console's curation pages and their api. */
export const CURATION_MESSAGES = {
  bannerTitleRequired: '请填写横幅标题',
  bannerTitleTooLong: '横幅标题不能超过 40 个字',
  bannerSubtitleTooLong: '横幅副标题不能超过 80 个字',
  bannerLinkInvalid: '链接须为以 / 开头的站内路径，或以 http:// 、https:// 开头的网址',
  bannerDatesReversed: '结束日期不能早于开始日期',
  bannerNotFound: '横幅不存在或已删除',
  bannerOrderMismatch: '排序须包含全部横幅且不能重复，请刷新后重试',
  announcementTitleRequired: '请填写公告标题',
  announcementTitleTooLong: '公告标题不能超过 60 个字',
  announcementContentRequired: '请填写公告内容',
  announcementContentTooLong: '公告内容不能超过 2000 个字',
  featuredNotPublished: (label: string) => `只能推荐已发布的${label}`,
  featuredAlready: (label: string) => `该${label}已在推荐列表中`,
  featuredNotFeatured: (label: string) => `该${label}不在推荐列表中`,
  featuredFull: (label: string, max: number) => `精品课堂首页最多推荐 ${max} 个${label}，请先移除一个`,
  featuredOrderMismatch: '排序须包含全部推荐项且不能重复，请刷新后重试',
} as const;

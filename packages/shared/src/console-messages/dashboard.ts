/** Sentences of the administration console's dashboard pages and their api. */
export const DASHBOARD_MESSAGES = {
  dictNotFound: (id: number) => `字典项 ${id} 不存在`,
  stageNotFound: (id: number) => `学段 ${id} 不存在`,
  dictNameTaken: (name: string) => `同一级中已有“${name}”`,
  dictCodeTaken: (code: string) => `代码“${code}”已被使用`,
  aliasIsName: '别名不能与名称相同',
  areaNotFound: (code: string) => `地区 ${code} 不存在`,
  areaCodeTaken: (code: string) => `地区代码 ${code} 已存在`,
  areaTooDeep: '区县下不能再添加地区',
  areaNameTaken: (name: string) => `同一上级中已有“${name}”`,
} as const;

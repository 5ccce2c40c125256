import * as center from './center.ts';
import * as dict from './dict.ts';
import * as identity from './identity.ts';
import * as system from './system.ts';

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
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export { type CenterInfo, centerInfo } from './center.ts';
export * from './define.ts';
export { type DictEntry, dictEntry } from './dict.ts';

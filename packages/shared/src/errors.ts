/** The one error vocabulary: every failure answer carries one of these codes and its Chinese message. */
export const ERRORS = {
  BAD_REQUEST: { code: 40000, status: 400, msg: '请求参数有误' },
  UNAUTHORIZED: { code: 40100, status: 401, msg: '请先登录' },
  FORBIDDEN: { code: 40300, status: 403, msg: '没有权限执行此操作' },
  ORIGIN_REJECTED: { code: 40301, status: 403, msg: '请求来源不被允许' },
  NOT_FOUND: { code: 40400, status: 404, msg: '请求的资源不存在' },
  ROUTE_NOT_FOUND: { code: 40401, status: 404, msg: '接口不存在' },
  METHOD_NOT_ALLOWED: { code: 40500, status: 405, msg: '请求方法不被允许' },
  REQUEST_TIMEOUT: { code: 40800, status: 408, msg: '请求超时，请重试' },
  CONFLICT: { code: 40900, status: 409, msg: '数据已存在或已被修改，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, msg: '请求内容过大' },
  URI_TOO_LONG: { code: 41400, status: 414, msg: '请求地址过长' },
  UNSUPPORTED_MEDIA_TYPE: { code: 41500, status: 415, msg: '不支持的请求格式' },
  RANGE_NOT_SATISFIABLE: { code: 41600, status: 416, msg: '请求的文件范围无效' },
  RATE_LIMITED: { code: 42900, status: 429, msg: '操作过于频繁，请稍后再试' },
  HEADERS_TOO_LARGE: { code: 43100, status: 431, msg: '请求头或网址过长' },
  INTERNAL: { code: 50000, status: 500, msg: '服务器开小差了，请稍后再试' },
  UNAVAILABLE: { code: 50300, status: 503, msg: '服务暂不可用，请稍后再试' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

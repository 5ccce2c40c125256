import type { message } from 'antd';

/** A page's message API (antd's message.useMessage), handed to the parts that report to it. */
export type Toast = ReturnType<typeof message.useMessage>[0];

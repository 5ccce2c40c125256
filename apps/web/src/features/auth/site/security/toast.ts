import type { message } from 'antd';

/** The page's message API (antd's message.useMessage), handed to each section. */
export type Toast = ReturnType<typeof message.useMessage>[0];

import { z } from 'zod';

// Validation messages are shown to Chinese users as they are: both the api and the web import zod through here.
z.config(z.locales.zhCN());

export { z };

import { CHINA_TIME_ZONE } from '@zyk/shared';
import { Prisma } from '../generated/prisma/client.ts';

/** Today's date in China, computed by Postgres (daily statistics and hot words count China's days). */
export const CHINA_TODAY_SQL = Prisma.raw(`(now() AT TIME ZONE '${CHINA_TIME_ZONE}')::date`);

import { serviceLevelSchema } from '@contract/service-level';

/** The service-level call's answer as the page reads it (contract/service-level.ts). */
export const pageServiceLevelSchema = serviceLevelSchema;

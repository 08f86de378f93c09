import { createLogger } from '../../../server/log.mjs';

/** The web app's JSON logger (server/log.mjs): lines name the request id they belong to. */
export const log = createLogger();

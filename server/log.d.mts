import type { Logger, DestinationStream } from 'pino';
export declare function createLogger(env?: NodeJS.ProcessEnv, destination?: DestinationStream): Logger;

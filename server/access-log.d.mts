import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
export declare function accessLog(logger: Logger, routeOf: (req: IncomingMessage) => string): (req: IncomingMessage, res: ServerResponse) => void;

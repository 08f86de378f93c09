import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const compressPages: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

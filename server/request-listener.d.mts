import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';

/** React Router's app as a Node request listener whose answers wait for the browser (decision 144). */
export declare function createRequestListener(options: { build: ServerBuild; mode?: string; log?: { error(fields: { err: unknown }, msg: string): void } }): (req: IncomingMessage, res: ServerResponse) => Promise<void>;

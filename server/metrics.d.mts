import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Gauge, Histogram } from 'prom-client';
export declare const requests: Histogram<'method' | 'route' | 'status'>;
export declare const liveStreams: Gauge;
export declare function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean;
export declare function serveMetrics(res: ServerResponse): Promise<void>;

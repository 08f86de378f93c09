import type { IncomingMessage } from 'node:http';

export declare const CLIENT_ADDRESS_HEADER: 'x-client-address';
export declare function normaliseAddress(address: string | undefined | null): string;
export declare function parseTrustedProxies(value: string | undefined): Set<string>;
export declare function resolveClientAddress(peer: string | undefined, forwardedFor: string, trustedProxies: Set<string>): string;
export declare function passClientAddress(req: IncomingMessage, trustedProxies: Set<string>): string;

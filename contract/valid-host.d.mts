export declare function isValidHost(host: unknown): boolean;

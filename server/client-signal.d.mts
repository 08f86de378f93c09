export declare function withClientSignal<T>(signal: AbortSignal, fn: () => T): T;
export declare function currentClientSignal(): AbortSignal | undefined;

export declare const REQUEST_ID_HEADER: 'x-request-id';
export declare function requestIdFrom(incoming: string | string[] | null | undefined, trusted?: boolean): string;

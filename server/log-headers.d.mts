export declare const ROLE_HEADER: string;
export declare const ROUTE_HEADER: string;

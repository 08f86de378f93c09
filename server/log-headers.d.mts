export declare const ROLE_HEADER: 'x-log-role';

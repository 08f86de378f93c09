export declare function scrubPersonalData(text: unknown): string;
export declare function statementOf(query: unknown): string;
export declare function errorForLog(error: unknown): Record<string, unknown>;

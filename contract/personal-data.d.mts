export declare function scrubPersonalData(text: unknown): string;

export type LogFinding = { line: number; reason: string };
export type Person = { fullName: string; email: string; rut: string; phone: string };
export declare function needlesOf(people: readonly Person[]): Map<string, string>;
export declare function checkLogText(text: string, needles: Map<string, string>): { findings: LogFinding[]; infoLines: number; lines: number };
export declare function checkLogs(options: { dir: string; people: readonly Person[] }): {
  files: ({ file: string } & ReturnType<typeof checkLogText>)[];
  problems: string[];
  passed: number;
  failed: number;
};

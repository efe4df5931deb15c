export const JSON_REPORTS: readonly [string, string];
export const JUNIT_REPORTS: readonly [string, string];
export function vitestReportArgs(json: string, junit: string): string[];

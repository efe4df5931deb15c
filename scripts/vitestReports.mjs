// The reports `npm test` has vitest write next to its console output: a JSON report per vitest
// process (for the closing count) and a JUnit report per process, where every model-test path is
// named by its stable id (as docs/paths names it), for CI and QA tools that read JUnit.

/** The JSON reports of the two vitest processes (the other projects, then the browser tests). */
export const JSON_REPORTS = ['test-results/vitest-report.json', 'test-results/vitest-report-e2e.json'];
/** Their JUnit reports, in the same order. */
export const JUNIT_REPORTS = ['test-results/junit.xml', 'test-results/junit-e2e.xml'];

/** `vitest run` arguments writing the console output, a JSON report and a JUnit report. */
export function vitestReportArgs(json, junit) {
  return ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, '--reporter=junit', `--outputFile.junit=${junit}`];
}

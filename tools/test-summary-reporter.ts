import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: "N passed, N failed[, N skipped]". When TEST_SUMMARY_FILE
 * is set (tools/run-tests.ts runs the projects one after another), the counts are also appended
 * there as one JSON line so the runner can print the total.
 */
export default class TestSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      if (mod.state() === 'failed' && tests.length === 0) failed++;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const tail = skipped ? `, ${skipped} skipped` : '';
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${tail}\n`);
    if (process.env.TEST_SUMMARY_FILE) appendFileSync(process.env.TEST_SUMMARY_FILE, `${JSON.stringify({ passed, failed, skipped })}\n`);
  }
}

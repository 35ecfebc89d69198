// Reporter of `npm test`: a full run runs every test or fails (issue 17). It prints how many tests
// were skipped and why, and fails the run when a test was skipped without a stated reason
// (`ctx.skip('why')`): a silent skip reads as green in a summary.
import type { Reporter, TestModule } from 'vitest/node';

interface Skipped {
  readonly name: string;
  readonly reason: string | undefined;
}

function skippedIn(modules: ReadonlyArray<TestModule>): Skipped[] {
  const found: Skipped[] = [];
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state !== 'skipped') continue;
      found.push({ name: `${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`, reason: result.note });
    }
  }
  return found;
}

export default class SkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped = skippedIn(modules);
    const silent = skipped.filter((s) => !s.reason);
    const out = process.stdout;
    out.write(`\nSkipped tests: ${skipped.length}${skipped.length ? '' : ' (every test ran)'}\n`);
    for (const s of skipped) out.write(`  - ${s.name}\n      reason: ${s.reason ?? 'NONE GIVEN'}\n`);
    if (silent.length > 0) {
      out.write(`\n${silent.length} test(s) skipped without a stated reason: skip with ctx.skip('why'), or run them.\n`);
      process.exitCode = 1;
    }
  }
}

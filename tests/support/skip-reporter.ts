// Reporter of `npm test`: a full run runs every test or fails. It prints how many tests
// were skipped and why, and fails the run when a test was skipped without a stated reason
// (`ctx.skip('why')`) or is a `todo`: a silent skip reads as green in a summary. In a filtered run
// (`-t <name>`, `file:line`, `--tags`), the tests the filter leaves out are counted apart and fail nothing.
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';

export interface Skipped {
  readonly name: string;
  readonly reason: string | undefined;
  readonly todo: boolean;
}

/** The names vitest matches `-t` against: the suites' and the test's, joined by spaces. */
function nameChain(test: TestCase): string {
  const names: string[] = [test.name];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) names.unshift(parent.name);
  return names.join(' ');
}

export interface RunFilter {
  /** `-t`: a test whose name does not match was left out by it. */
  readonly namePattern: RegExp | undefined;
  /** Modules run with `file:line`, test ids or tags: their statically skipped tests were left out by the filter. */
  readonly filteredModules: ReadonlySet<string>;
}

/** Splits the skipped tests into those the run's filter left out and the real skips. */
export function skippedIn(modules: ReadonlyArray<TestModule>, filter: RunFilter, root = process.cwd()): { skipped: Skipped[]; filteredOut: number } {
  const skipped: Skipped[] = [];
  let filteredOut = 0;
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state !== 'skipped') continue;
      // Skipped before it ran (`it.skip`, `it.todo`, or a filter); `ctx.skip()` leaves the mode `run`.
      const beforeRun = test.options.mode === 'skip' || test.options.mode === 'todo';
      const leftOut =
        beforeRun && ((filter.namePattern !== undefined && !filter.namePattern.test(nameChain(test))) || filter.filteredModules.has(module.moduleId));
      if (leftOut) {
        filteredOut += 1;
        continue;
      }
      skipped.push({ name: `${module.moduleId.replace(`${root}/`, '')} > ${test.fullName}`, reason: result.note, todo: test.options.mode === 'todo' });
    }
  }
  return { skipped, filteredOut };
}

/** The report's lines, and whether the run must fail: a skip without a reason, or a todo. */
export function skipReport({ skipped, filteredOut }: { skipped: Skipped[]; filteredOut: number }): { text: string; fails: boolean } {
  const silent = skipped.filter((s) => !s.reason || s.todo);
  const lines = [`\nSkipped tests: ${skipped.length}${skipped.length ? '' : ' (every test ran)'}`];
  for (const s of skipped) lines.push(`  - ${s.name}\n      reason: ${s.todo ? 'TODO (not written yet)' : (s.reason ?? 'NONE GIVEN')}`);
  if (filteredOut > 0) lines.push(`Left out by the run's filter (-t, file:line or tags): ${filteredOut}`);
  if (silent.length > 0) lines.push(`\n${silent.length} test(s) skipped without a stated reason or left as todo: skip with ctx.skip('why'), or write and run them.`);
  return { text: `${lines.join('\n')}\n`, fails: silent.length > 0 };
}

export default class SkipReporter implements Reporter {
  private namePattern: RegExp | undefined;
  private readonly filteredModules = new Set<string>();

  onInit(vitest: Vitest): void {
    this.namePattern = vitest.config.testNamePattern;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    for (const spec of specifications) {
      if (spec.testLines?.length || spec.testIds?.length || spec.testTagsFilter?.length) this.filteredModules.add(spec.moduleId);
      if (spec.testNamePattern !== undefined) this.namePattern ??= spec.testNamePattern;
    }
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const { text, fails } = skipReport(skippedIn(modules, { namePattern: this.namePattern, filteredModules: this.filteredModules }));
    process.stdout.write(text);
    if (fails) process.exitCode = 1;
  }
}

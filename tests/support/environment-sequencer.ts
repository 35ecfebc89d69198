import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file's own environment (a `@vitest-environment` comment at its top), else its project's. */
function environmentOf(spec: TestSpecification): string {
  let head = '';
  try {
    head = readFileSync(spec.moduleId, 'utf8').slice(0, 2_000);
  } catch {
    // A file that cannot be read is left where vitest puts it.
  }
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? spec.project.config.environment;
}

/**
 * vitest's own order (project by project; within one, slow or large files first), with each project's
 * files of one environment (happy-dom, jsdom, node) kept together. A worker of a project that does not isolate
 * its files runs the next one only when the queue's next file is of the same project and environment;
 * otherwise it is ended and a new process started, which loads every module again. Mixed in size
 * order, the unit project's DOM and non-DOM files alternated and started a process every second or
 * two; kept together, they share a few.
 */
export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Each project and environment in the order its first file comes; within it, vitest's order.
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const key = `${spec.project.name}\0${environmentOf(spec)}`;
      const group = groups.get(key);
      if (group) group.push(spec);
      else groups.set(key, [spec]);
    }
    return [...groups.values()].flat();
  }
}

import { describe, expect, it } from 'vitest';
import { lintAs } from '../../support/lint-as.js';

const RULE = /^ensemble\/core-capability-boundaries: /;
const ruleMessages = async (path: string, code: string) => (await lintAs(path, code)).filter((m) => RULE.test(m));

const ways = (spec: string) => [
  `import { requireUser } from '${spec}';\nexport const x = requireUser;\n`,
  `import type { CurrentUser } from '${spec}';\nexport type X = CurrentUser;\n`,
  `export { requireUser } from '${spec}';\n`,
  `export const load = () => import('${spec}');\n`,
  `export type T = typeof import('${spec}');\n`,
];

describe('a capability of core/ reaches another only through its index', () => {
  it('a file in core/chat importing the insides of core/auth is refused, in every way a file names another', async () => {
    for (const code of ways('../../auth/ports/current-user.js')) {
      expect(await ruleMessages('core/chat/use-cases/some-use-case.ts', code), code).toEqual([
        'ensemble/core-capability-boundaries: core/chat may use core/auth only through core/auth/index.js, not ../../auth/ports/current-user.js.',
      ]);
    }
    // Also a path that no longer exists, and core/shared, which is a capability like the others.
    expect(await ruleMessages('core/chat/use-cases/some-use-case.ts', "import type { CurrentUser } from '../../auth/use-cases/current-user.js';\nexport type X = CurrentUser;\n")).toHaveLength(1);
    expect(await ruleMessages('core/chat/domain/some-rule.ts', "import { ok } from '../../shared/result.js';\nexport const x = ok;\n")).toHaveLength(1);
    expect(await ruleMessages('core/credits/index.ts', "export { makeRunChat } from '../chat/use-cases/run-chat.js';\n")).toHaveLength(1);
  });

  it("importing another capability's index passes", async () => {
    for (const code of ways('../../auth/index.js')) expect(await ruleMessages('core/chat/use-cases/some-use-case.ts', code), code).toEqual([]);
    expect(await ruleMessages('core/credits/domain/some-rule.ts', "import { ok } from '../../shared/index.js';\nexport const x = ok;\n")).toEqual([]);
  });

  it('a file imports anything of its own capability', async () => {
    const code = "import { historyForModel } from '../domain/chat-rules.js';\nimport type { ChatRequest } from '../domain/chat.js';\nexport const x = historyForModel;\nexport type Y = ChatRequest;\n";
    expect(await ruleMessages('core/chat/use-cases/some-use-case.ts', code)).toEqual([]);
    expect(await ruleMessages('core/shared/some-helper.ts', "import { ok } from './result.js';\nexport const x = ok;\n")).toEqual([]);
  });

  it('an index lists what it exports by name, not with export *', async () => {
    expect(await ruleMessages('core/credits/index.ts', "export * from './domain/credits.js';\n")).toEqual([
      "ensemble/core-capability-boundaries: core/credits/index.ts lists what it exports by name (export { … } from '…'), not with export *.",
    ]);
    expect(await ruleMessages('core/credits/index.ts', "export { LEDGER_KINDS } from './domain/credits.js';\nexport type { LedgerKind } from './domain/credits.js';\n")).toEqual([]);
  });
});

import { createInMemoryAdapters, createInMemoryUseCases } from '../../../../adapters/composition/in-memory.js';
import { InMemoryPromptCatalog } from '../../../../adapters/in-memory/in-memory-prompt-catalog.js';
import { samplePrompts } from '../../../support/prompt-builders.js';
import type { ClientUseCases } from '../../../../web/client/use-cases/use-cases-provider.js';

/** The browser's use cases over in-memory adapters, as the in-memory composition root builds them. */
export function inMemoryUseCases(options: { signedIn?: 'profiled' | 'new'; credits?: number } = {}) {
  const deps = { ...createInMemoryAdapters(), promptCatalog: new InMemoryPromptCatalog(samplePrompts()) };
  let userId: string | null = null;
  if (options.signedIn) {
    const user = deps.db.createUser({ email: 'ada@example.com', provider: 'email' });
    userId = user.id;
    deps.authenticator.signInAs(user.id);
    // A balance other than the sign-up grant, for tests that send more than it pays for.
    if (options.credits !== undefined) {
      const row = deps.db.profiles.get(user.id);
      if (!row) throw new Error('the signed-in user has no profile row');
      deps.db.profiles.set(row.id, { ...row, credits: options.credits });
    }
    if (options.signedIn === 'profiled') {
      void deps.profilingStore.upsertProfiling(user.id, {
        role: 'engineer', roleOther: '', companySize: 'just_me', workOutputs: ['code'], workOutputOther: '',
        ensembleUse: 'work', ensembleUseOther: '', completed: true, currentStep: 4,
      });
    }
  }
  const useCases: ClientUseCases = createInMemoryUseCases(deps).browser;
  return { deps, useCases, userId };
}

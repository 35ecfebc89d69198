import { createInMemoryAdapters, createInMemoryUseCases } from '../../../../adapters/composition/in-memory.js';
import { InMemoryPromptCatalog } from '../../../../adapters/in-memory/in-memory-prompt-catalog.js';
import { samplePrompts } from '../../../support/prompt-builders.js';
import type { ClientUseCases } from '../../../../web/client/use-cases/use-cases-provider.js';

/** The browser's use cases over in-memory adapters, as the in-memory composition root builds them. */
export function inMemoryUseCases(options: { signedIn?: 'profiled' | 'new' } = {}) {
  const deps = { ...createInMemoryAdapters(), promptCatalog: new InMemoryPromptCatalog(samplePrompts()) };
  let userId: string | null = null;
  if (options.signedIn) {
    const user = deps.db.createUser({ email: 'ada@example.com', provider: 'email' });
    userId = user.id;
    deps.authenticator.signInAs(user.id);
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

import type { ModelInfo } from '../../core/chat/index.js';
import { InMemoryBillingGateway } from '../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../../adapters/in-memory/in-memory-conversation-turns.js';
import { InMemoryModelGateway } from '../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryPromptCatalog } from '../../adapters/in-memory/in-memory-prompt-catalog.js';
import { InMemoryScriptLoader } from '../../adapters/in-memory/in-memory-script-loader.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { inMemoryAuthWorld } from './in-memory-auth-world.js';
import { samplePrompts } from './prompt-builders.js';

/**
 * The auth world plus every billing, chat, prompt and UI port in memory: what the billing, chat,
 * prompt-library and UI-rule use cases need. `signIn()` answers the signed-in user's id.
 */
export const inMemoryAppWorld = (options: { models?: readonly ModelInfo[] } = {}) => {
  const auth = inMemoryAuthWorld();
  const modelGateway = new InMemoryModelGateway(options.models ? { models: options.models } : {});
  const conversationStore = new InMemoryConversationStore({ clock: auth.clock });
  const usageLedger = new InMemoryUsageLedger({ clock: auth.clock });
  const world = {
    ...auth,
    billingGateway: new InMemoryBillingGateway({ clock: auth.clock }),
    modelGateway,
    conversationStore,
    conversationTurns: new InMemoryConversationTurns(conversationStore, { clock: auth.clock, ledger: usageLedger }),
    promptCatalog: new InMemoryPromptCatalog(samplePrompts()),
    usageLedger,
    // The reading roles of the same adapters, as the server composition binds them.
    modelDirectory: modelGateway,
    conversationLibrary: conversationStore,
    creditBalance: usageLedger,
    scriptLoader: new InMemoryScriptLoader(),
    signIn(email = 'ada@example.com'): string {
      return auth.signedInUser(email).user.id;
    },
    async signOut(): Promise<void> {
      await auth.authenticator.signOut();
    },
    async subscribe(userId: string): Promise<void> {
      const done = await auth.profileWriter.setSubscriptionState(userId, { status: 'active' });
      if (!done.success) throw new Error(done.error.message);
    },
    async fund(userId: string, amount: number): Promise<void> {
      const done = await world.usageLedger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'test funds', reference: null });
      if (!done.success) throw new Error(done.error.message);
    },
  };
  return world;
};

export type InMemoryAppWorld = ReturnType<typeof inMemoryAppWorld>;

/** The amounts of every credit hold taken from now on, in order (the ledger still takes them). */
export const recordHolds = (world: InMemoryAppWorld): number[] => {
  const held: number[] = [];
  const hold = world.usageLedger.holdCredits.bind(world.usageLedger);
  world.usageLedger.holdCredits = async (input) => {
    held.push(input.amount);
    return hold(input);
  };
  return held;
};

/** Reads a stream to its end. */
export const readAll = async <T>(stream: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
};

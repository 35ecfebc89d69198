import { InMemoryAnalyticsTracker } from '../../adapters/in-memory/in-memory-analytics-tracker.js';
import { InMemoryAuthenticator } from '../../adapters/in-memory/in-memory-authenticator.js';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryKeyValueStore } from '../../adapters/in-memory/in-memory-key-value-store.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { InMemoryProfileStore } from '../../adapters/in-memory/in-memory-profile-store.js';
import { InMemoryProfileWriter } from '../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryProfilingStore } from '../../adapters/in-memory/in-memory-profiling-store.js';
import { InMemoryScheduler } from '../../adapters/in-memory/in-memory-scheduler.js';
import type { AuthSession } from '../../core/auth/index.js';
import { makeGetCurrentUser } from '../../core/auth/index.js';

export const ORIGIN = 'https://ensemble.example';

/** One browser signed into one in-memory Supabase: every port the auth/account use cases need. */
export const inMemoryAuthWorld = () => {
  const clock = new InMemoryClock(new Date('2026-03-01T09:00:00.000Z'));
  const db = new InMemoryDatabase(clock);
  const authenticator = new InMemoryAuthenticator(db);
  const world = {
    clock,
    db,
    authenticator,
    scheduler: new InMemoryScheduler(clock),
    analytics: new InMemoryAnalyticsTracker(),
    logger: new InMemoryLogger(),
    keyValueStore: new InMemoryKeyValueStore(),
    profileStore: new InMemoryProfileStore(db, authenticator),
    profilingStore: new InMemoryProfilingStore(db, authenticator),
    profileWriter: new InMemoryProfileWriter(db),
    currentUser: makeGetCurrentUser({ authenticator }),
    origin: ORIGIN,
    /** A user who signed up earlier (profile row present), now signed in. */
    signedInUser(email = 'ada@example.com', provider = 'email'): AuthSession {
      const user = db.findUserByEmail(email) ?? db.createUser({ email, provider });
      return authenticator.signInAs(user.id);
    },
  };
  return world;
};

/** A promise the test settles by hand, to hold an adapter call in flight. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

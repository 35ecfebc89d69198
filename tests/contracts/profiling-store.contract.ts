/**
 * ProfilingStore contract (user_profiling: own row only; writes through upsert_user_profiling).
 *
 * Harness the factory provides (same shape as the ProfileStore one):
 * - `store`: the adapter, acting as whoever the harness signed in;
 * - `createUser(email)`: signs a user up and answers the id;
 * - `signInAs(userId)` / `signOut()`: who `store` acts as.
 * Row-level security must hide other users' rows, and upsert_user_profiling must refuse a
 * p_user_id other than auth.uid() (the adapter maps that refusal to `forbidden`).
 */
import { describe, expect, it } from 'vitest';
import type { Profiling, ProfilingStore } from '../../core/account/index.js';
import { uniqueEmail } from '../support/unique-email.js';

export interface ProfilingStoreHarness {
  readonly store: ProfilingStore;
  createUser(email: string): Promise<string>;
  signInAs(userId: string): Promise<void>;
  signOut(): Promise<void>;
}

const answered: Profiling = {
  role: 'engineer',
  roleOther: '',
  companySize: '11-50',
  workOutputs: ['code', 'docs'],
  workOutputOther: '',
  ensembleUse: 'other',
  ensembleUseOther: 'comparing answers',
  completed: false,
  currentStep: 2,
};

export function profilingStoreContract(name: string, makeHarness: () => Promise<ProfilingStoreHarness>): void {
  describe(`ProfilingStore contract: ${name}`, () => {
    const signedInUser = async (h: ProfilingStoreHarness) => {
      const id = await h.createUser(uniqueEmail());
      await h.signInAs(id);
      return id;
    };

    it('a user without a row reads null, and completed null', async () => {
      const h = await makeHarness();
      const id = await signedInUser(h);
      expect(await h.store.getProfiling(id)).toEqual({ success: true, data: null });
      expect(await h.store.getCompleted(id)).toEqual({ success: true, data: null });
    });

    it('upsert stores all nine fields and reads them back', async () => {
      const h = await makeHarness();
      const id = await signedInUser(h);
      expect(await h.store.upsertProfiling(id, answered)).toEqual({ success: true, data: undefined });
      expect(await h.store.getProfiling(id)).toEqual({ success: true, data: answered });
      expect(await h.store.getCompleted(id)).toEqual({ success: true, data: false });
    });

    it('a second upsert replaces the row', async () => {
      const h = await makeHarness();
      const id = await signedInUser(h);
      await h.store.upsertProfiling(id, answered);
      const done: Profiling = { ...answered, workOutputs: [], completed: true, currentStep: 4 };
      await h.store.upsertProfiling(id, done);
      expect(await h.store.getProfiling(id)).toEqual({ success: true, data: done });
      expect(await h.store.getCompleted(id)).toEqual({ success: true, data: true });
    });

    it("another user's row is invisible and cannot be written", async () => {
      const h = await makeHarness();
      const owner = await signedInUser(h);
      await h.store.upsertProfiling(owner, answered);
      const other = await signedInUser(h);
      expect(await h.store.getProfiling(owner)).toEqual({ success: true, data: null });
      expect(await h.store.getCompleted(owner)).toEqual({ success: true, data: null });
      const write = await h.store.upsertProfiling(owner, { ...answered, role: 'intruder' });
      expect(write.success).toBe(false);
      if (!write.success) expect(write.error.code).toBe('forbidden');
      expect(await h.store.getProfiling(other)).toEqual({ success: true, data: null });
      await h.signInAs(owner);
      expect(await h.store.getProfiling(owner)).toEqual({ success: true, data: answered });
    });

    it('signed out, writing fails and nothing is readable', async () => {
      const h = await makeHarness();
      const id = await signedInUser(h);
      await h.store.upsertProfiling(id, answered);
      await h.signOut();
      expect(await h.store.getProfiling(id)).toEqual({ success: true, data: null });
      const write = await h.store.upsertProfiling(id, answered);
      expect(write.success).toBe(false);
      if (!write.success) expect(['not_authenticated', 'forbidden']).toContain(write.error.code);
    });
  });
}

/**
 * UserDirectory contract (service-role lookup of auth users).
 *
 * Harness the factory provides:
 * - `directory`: the adapter;
 * - `createUser(email)`: signs a user up (and in, as sign-up does) and answers the id.
 */
import { describe, expect, it } from 'vitest';
import type { UserDirectory } from '../../core/account/index.js';
import { uniqueEmail } from '../support/unique-email.js';

export interface UserDirectoryHarness {
  readonly directory: UserDirectory;
  createUser(email: string): Promise<string>;
}

const UNKNOWN_USER = '00000000-0000-4000-8000-0000deadbeef';
const isIsoDate = (value: string | null | undefined): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function userDirectoryContract(name: string, makeHarness: () => Promise<UserDirectoryHarness>): void {
  describe(`UserDirectory contract: ${name}`, () => {
    it('finds a user by id with their e-mail and dates', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      const id = await h.createUser(email);
      const found = await h.directory.findById(id);
      if (!found.success) throw new Error(found.error.message);
      expect(found.data).toMatchObject({ id, email });
      expect(isIsoDate(found.data?.createdAt)).toBe(true);
      expect(found.data?.lastSignInAt === null || isIsoDate(found.data?.lastSignInAt)).toBe(true);
    });

    it('finds a user by e-mail, ignoring case', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      const id = await h.createUser(email);
      const exact = await h.directory.findByEmail(email);
      expect(exact.success && exact.data?.id).toBe(id);
      const shouted = await h.directory.findByEmail(email.toUpperCase());
      expect(shouted.success && shouted.data?.id).toBe(id);
    });

    it('unknown id or e-mail answers null', async () => {
      const h = await makeHarness();
      expect(await h.directory.findById(UNKNOWN_USER)).toEqual({ success: true, data: null });
      expect(await h.directory.findByEmail(uniqueEmail('nobody'))).toEqual({ success: true, data: null });
    });
  });
}

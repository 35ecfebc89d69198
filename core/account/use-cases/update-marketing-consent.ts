import { z } from 'zod';
import type { ProfileStore } from '../ports/profile-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ consent: z.boolean({ error: 'consent must be true or false' }) });

/** app spec §7 "profiles update": marketing_consent on the caller's own profile. */
export const makeUpdateMarketingConsent =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore }) =>
  async (input: { consent: boolean }): Promise<Result<void>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.profileStore.updateMarketingConsent(user.data.id, parsed.data.consent);
  };

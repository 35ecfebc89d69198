import { z } from 'zod';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { parseInput, ok, type Result } from '../../shared/index.js';
import { promptIdSchema } from './open-prompt-viewer.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

const inputSchema = z.object({
  promptId: promptIdSchema,
  favorite: z.boolean({ error: 'favorite must be true or false' }),
  /** Where the star was clicked (library list, viewer...), for prompt_favorite_changed. */
  source: z.string({ error: 'Source is required' }).trim().min(1, 'Source is required'),
});

/** app spec §7: marking or unmarking a favourite pushes prompt_favorite_changed (added | removed). */
export const makeSetPromptFavorite =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input: { promptId: string; favorite: boolean; source: string }): Promise<Result<{ favorite: boolean }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { promptId, favorite, source } = valid.data;
    const changed = await deps.promptCatalog.setFavorite(user.data.id, promptId, favorite);
    if (!changed.success) return changed;
    trackSafely(deps, { event: 'prompt_favorite_changed', prompt_id: promptId, action: favorite ? 'added' : 'removed', source });
    return ok({ favorite });
  };

import type { PromptPage } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import type { Result } from '../shared/result.js';
import { ok } from '../shared/result.js';
import { requireUser } from './support/current-user.js';
import type { CurrentUser } from './support/current-user.js';
import { trackSafely } from './track-event.js';
import type { TrackingDeps } from './track-event.js';

/** app spec §2, §7: opening the library pushes prompt_library_opened and shows categories and a first page. */
export const makeOpenPromptLibrary =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (): Promise<Result<{ categories: readonly string[]; page: PromptPage }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    trackSafely(deps, { event: 'prompt_library_opened' });
    const [categories, page] = await Promise.all([
      deps.promptCatalog.listCategories(),
      deps.promptCatalog.searchPrompts(user.data.id, {}),
    ]);
    if (!categories.success) return categories;
    if (!page.success) return page;
    return ok({ categories: categories.data, page: page.data });
  };

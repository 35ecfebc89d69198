import { z } from 'zod';
import type { Prompt } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { readerLanguageSchema } from './reader-language.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

export const promptIdSchema = z.string({ error: 'Prompt id is required' }).trim().min(1, 'Prompt id is required');

/**
 * app spec §2, §7: the viewer shows id, title and category, in the reader's language;
 * prompt_viewer_opened carries the title shown and the category's key (the same in every language).
 */
export const makeOpenPromptViewer =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input: { promptId: string; language?: string }): Promise<Result<Prompt>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(z.object({ promptId: promptIdSchema, language: readerLanguageSchema }), input);
    if (!valid.success) return valid;
    const prompt = await deps.promptCatalog.getPrompt(user.data.id, valid.data.promptId, valid.data.language);
    if (!prompt.success) return prompt;
    if (!prompt.data) return fail(domainError('not_found', `Prompt ${valid.data.promptId} does not exist`));
    const { id, title, category } = prompt.data;
    trackSafely(deps, { event: 'prompt_viewer_opened', prompt_id: id, title, category });
    return ok(prompt.data);
  };

import { z } from 'zod';
import { interpolate } from '../domain/template.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { promptIdSchema } from './open-prompt-viewer.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { readerLanguageSchema } from './reader-language.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

// Parameter values are checked by interpolate, so that the spec's own message reaches the user.
const inputSchema = z.object({
  promptId: promptIdSchema,
  params: z.record(z.string(), z.unknown()).default({}),
  language: readerLanguageSchema,
});

/**
 * app spec §7: running a prompt pushes prompt_run and answers the text to put into the chat box,
 * with `{{name}}` placeholders filled from `params` (app spec §8: "Parameter must be a string or number").
 */
export const makeRunPrompt =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input: { promptId: string; params?: Readonly<Record<string, unknown>>; language?: string }): Promise<Result<{ text: string }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const prompt = await deps.promptCatalog.getPrompt(user.data.id, valid.data.promptId, valid.data.language);
    if (!prompt.success) return prompt;
    if (!prompt.data) return fail(domainError('not_found', `Prompt ${valid.data.promptId} does not exist`));
    const text = interpolate(prompt.data.body, valid.data.params);
    if (!text.success) return text;
    trackSafely(deps, { event: 'prompt_run', prompt_id: prompt.data.id });
    return ok({ text: text.data });
  };

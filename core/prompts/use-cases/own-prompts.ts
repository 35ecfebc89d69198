import { z } from 'zod';
import { OWN_PROMPT_LIMITS, type Prompt } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { domainError, fail, ok, parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { promptIdSchema } from './open-prompt-viewer.js';
import { readerLanguageSchema } from './reader-language.js';

type Deps = { currentUser: CurrentUser; promptCatalog: PromptCatalog };

/** The limits of an own prompt, the database's too (migration 20261202500001). */
export const ownPromptFieldsSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(OWN_PROMPT_LIMITS.title, `Title must contain at most ${OWN_PROMPT_LIMITS.title} characters`),
  description: z.string({ error: 'Description must be text' }).trim().max(OWN_PROMPT_LIMITS.description, `Description must contain at most ${OWN_PROMPT_LIMITS.description} characters`).default(''),
  body: z
    .string({ error: 'Prompt text is required' })
    .refine((text) => text.trim().length > 0, 'Prompt text is required')
    .refine((text) => text.length <= OWN_PROMPT_LIMITS.body, `Prompt text must contain at most ${OWN_PROMPT_LIMITS.body} characters`),
  category: z
    .string({ error: 'Category must be text' })
    .trim()
    .max(OWN_PROMPT_LIMITS.category, `Category must contain at most ${OWN_PROMPT_LIMITS.category} characters`)
    .nullish()
    .transform((category) => (category ? category : null)),
});

const createSchema = ownPromptFieldsSchema.extend({ language: readerLanguageSchema });
const editSchema = ownPromptFieldsSchema.extend({ promptId: promptIdSchema });

/** A category must be one of the catalogue's (checked here for a precise message, and by the database). */
const checkCategory = async (catalog: PromptCatalog, category: string | null): Promise<Result<void>> => {
  if (category === null) return ok(undefined);
  const categories = await catalog.listCategories('en');
  if (!categories.success) return categories;
  if (!categories.data.some((c) => c.id === category)) {
    return fail(domainError('validation', `Category ${category} is not one of the library's`, { field: 'category' }));
  }
  return ok(undefined);
};

/** A new prompt of the user's own, in the language it is written in (the reader's by default). */
export const makeCreateOwnPrompt =
  (deps: Deps) =>
  async (input: z.input<typeof createSchema>): Promise<Result<Prompt>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(createSchema, input);
    if (!valid.success) return valid;
    const category = await checkCategory(deps.promptCatalog, valid.data.category);
    if (!category.success) return category;
    return deps.promptCatalog.createOwnPrompt(user.data.id, valid.data);
  };

/** Changes the title, description, text and category of one of the user's own prompts. */
export const makeEditOwnPrompt =
  (deps: Deps) =>
  async (input: z.input<typeof editSchema>): Promise<Result<Prompt>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(editSchema, input);
    if (!valid.success) return valid;
    const { promptId, ...draft } = valid.data;
    const category = await checkCategory(deps.promptCatalog, draft.category);
    if (!category.success) return category;
    return deps.promptCatalog.updateOwnPrompt(user.data.id, promptId, draft);
  };

/** Deletes one of the user's own prompts (a catalogue prompt or another user's is not_found). */
export const makeDeleteOwnPrompt =
  (deps: Deps) =>
  async (input: { promptId: string }): Promise<Result<{ deleted: string }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(z.object({ promptId: promptIdSchema }), input);
    if (!valid.success) return valid;
    const deleted = await deps.promptCatalog.deleteOwnPrompt(user.data.id, valid.data.promptId);
    return deleted.success ? ok({ deleted: valid.data.promptId }) : deleted;
  };

/** The prompt library: categories, search, favourites, running a prompt, the user's own prompts. */
export type { CategoryTranslation, OwnPromptDraft, OwnPromptProblem, Prompt, PromptCategory, PromptPage, PromptSearch, PromptTranslation } from './domain/prompts.js';
export { MAX_OWN_PROMPTS, OWN_PROMPT_LIMITS, ownPromptProblems } from './domain/prompts.js';
export { interpolate, templateParameters } from './domain/template.js';
export type { PromptCatalog } from './ports/prompt-catalog.js';
export { makeListPromptCategories } from './use-cases/list-prompt-categories.js';
export { makeOpenPromptLibrary } from './use-cases/open-prompt-library.js';
export { makeOpenPromptViewer } from './use-cases/open-prompt-viewer.js';
export { makeCreateOwnPrompt, makeDeleteOwnPrompt, makeEditOwnPrompt } from './use-cases/own-prompts.js';
export { makeRunPrompt } from './use-cases/run-prompt.js';
export { makeSearchPrompts } from './use-cases/search-prompts.js';
export { makeSetPromptFavorite } from './use-cases/set-prompt-favorite.js';

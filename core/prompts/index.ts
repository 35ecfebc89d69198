/** The prompt library: categories, search, favourites, running a prompt. */
export * from './domain/prompts.js';
export * from './domain/template.js';
export * from './ports/prompt-catalog.js';
export * from './use-cases/list-prompt-categories.js';
export * from './use-cases/open-prompt-library.js';
export * from './use-cases/open-prompt-viewer.js';
export * from './use-cases/reader-language.js';
export * from './use-cases/run-prompt.js';
export * from './use-cases/search-prompts.js';
export * from './use-cases/set-prompt-favorite.js';

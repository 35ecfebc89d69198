import { version } from '../package.json' with { type: 'json' };

/** The program's version: the project's, from package.json (inlined in the bundle). */
export const VERSION: string = version;

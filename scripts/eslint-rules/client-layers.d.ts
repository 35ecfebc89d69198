import type { Rule } from 'eslint';

/** The features each feature may use, in the features' order (see client-layers.js). */
export declare const FEATURE_USES: Readonly<Record<string, readonly string[]>>;
/** The lint rule of web/client's layers (see client-layers.js). */
export declare const clientLayers: Rule.RuleModule;

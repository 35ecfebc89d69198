// The verifiers are adapters (adapters/auth/), built by the server's composition root; the middleware reads their types here.
export type { TokenVerdict, TokenVerifier } from '../../../adapters/auth/token-verifier.js';

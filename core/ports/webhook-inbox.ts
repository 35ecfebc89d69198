import type { Result } from '../shared/result.js';

/**
 * Processed webhook ids, so that each delivery is acted on at most once (providers retry and may
 * deliver twice). A claim is atomic: of two concurrent claims of one id, one answers true.
 */
export interface WebhookInbox {
  /** Records the id; `false` when it was recorded before (a duplicate to acknowledge and skip). */
  claim(webhookId: string, type: string): Promise<Result<boolean>>;
  /** Forgets a claim whose processing failed, so the provider's retry is processed. */
  release(webhookId: string): Promise<Result<void>>;
}

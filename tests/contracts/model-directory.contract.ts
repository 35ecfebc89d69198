/**
 * ModelDirectory contract (the model catalogue): run on every model gateway and on the browser's
 * ApiModelDirectory over /api/models.
 *
 * Harness the factory provides:
 * - `directory`: the adapter;
 * - `modelId`: a model that is available without network access (the offline model).
 */
import { describe, expect, it } from 'vitest';
import type { ModelDirectory } from '../../core/chat/index.js';

export interface ModelDirectoryHarness {
  readonly directory: ModelDirectory;
  readonly modelId: string;
}

export function modelDirectoryContract(name: string, makeHarness: () => Promise<ModelDirectoryHarness>): void {
  describe(`ModelDirectory contract: ${name}`, () => {
    it('lists models with unique ids, prices that are not negative and a plan', async () => {
      const h = await makeHarness();
      const listed = await h.directory.listModels();
      if (!listed.success) throw new Error(listed.error.message);
      const ids = listed.data.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(h.modelId);
      for (const model of listed.data) {
        expect(model.inputCreditsPer1k).toBeGreaterThanOrEqual(0);
        expect(model.outputCreditsPer1k).toBeGreaterThanOrEqual(0);
        expect(['free', 'paid']).toContain(model.plan);
        expect(typeof model.available).toBe('boolean');
      }
      expect(listed.data.find((m) => m.id === h.modelId)?.available).toBe(true);
    });

  });
}

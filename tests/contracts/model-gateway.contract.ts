/**
 * ModelGateway contract (streaming answers; the catalogue is the ModelDirectory contract).
 *
 * Harness the factory provides:
 * - `gateway`: the adapter;
 * - `modelId`: an available model that answers without network access (the offline model);
 * - `prompt`: a user message to which that model answers with several text deltas.
 */
import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ModelGateway } from '../../core/chat/index.js';
import { modelDirectoryContract } from './model-directory.contract.js';

export interface ModelGatewayHarness {
  readonly gateway: ModelGateway;
  readonly modelId: string;
  readonly prompt: string;
}

const collect = async (stream: AsyncIterable<ChatStreamEvent>, onEvent: (e: ChatStreamEvent) => void = () => undefined) => {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent(event);
  }
  return events;
};

export function modelGatewayContract(name: string, makeHarness: () => Promise<ModelGatewayHarness>): void {
  // A gateway is also a directory: the catalogue cases run on it too.
  modelDirectoryContract(name, async () => {
    const h = await makeHarness();
    return { directory: h.gateway, modelId: h.modelId };
  });
  describe(`ModelGateway contract: ${name}`, () => {
    it('streams start, text deltas and one finish with the usage, all tagged with the model', async () => {
      const h = await makeHarness();
      const events = await collect(h.gateway.stream({ modelIds: [h.modelId], messages: [{ role: 'user', content: h.prompt }] }));
      expect(events.every((e) => e.modelId === h.modelId)).toBe(true);
      expect(events[0]?.type).toBe('start');
      const deltas = events.filter((e) => e.type === 'delta');
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.map((d) => d.text).join('').trim()).not.toBe('');
      const finishes = events.filter((e) => e.type === 'finish');
      expect(finishes).toHaveLength(1);
      expect(events.at(-1)).toBe(finishes[0]);
      const finish = finishes[0];
      if (finish?.type !== 'finish') throw new Error('no finish');
      expect(finish.finishReason).toBe('stop');
      expect(finish.usage.inputTokens).toBeGreaterThan(0);
      expect(finish.usage.outputTokens).toBeGreaterThan(0);
    });

    it('stops soon after the signal fires and reports the answer as aborted', async () => {
      const h = await makeHarness();
      const request = { modelIds: [h.modelId], messages: [{ role: 'user' as const, content: h.prompt }] };
      const full = (await collect(h.gateway.stream(request))).filter((e) => e.type === 'delta').length;
      const controller = new AbortController();
      const events = await collect(h.gateway.stream({ ...request, signal: controller.signal }), (e) => {
        if (e.type === 'delta') controller.abort();
      });
      const deltas = events.filter((e) => e.type === 'delta').length;
      expect(deltas).toBeLessThan(full);
      const finish = events.find((e) => e.type === 'finish');
      if (finish?.type === 'finish') expect(finish.finishReason).toBe('aborted');
      expect(events.some((e) => e.type === 'finish' || e.type === 'error')).toBe(true);
    });

    it('answers an unknown model with an error event for it, without throwing', async () => {
      const h = await makeHarness();
      const events = await collect(h.gateway.stream({ modelIds: ['no-such-model'], messages: [{ role: 'user', content: 'hi' }] }));
      expect(events.filter((e) => e.type === 'delta')).toEqual([]);
      expect(events.find((e) => e.type === 'error')).toMatchObject({ modelId: 'no-such-model' });
    });
  });
}

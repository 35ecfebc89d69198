import type { ChatStreamEvent } from '../../../core/chat/index.js';
import type { Logger } from '../../../core/shared/index.js';
import type { ModelCatalogueEntry } from '../../../adapters/models/model-catalogue.js';

export async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const seen: ChatStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

export const eventsOf = (events: readonly ChatStreamEvent[], modelId: string) => events.filter((e) => e.modelId === modelId);

export const textOf = (events: readonly ChatStreamEvent[], modelId: string) =>
  eventsOf(events, modelId)
    .map((e) => (e.type === 'delta' ? e.text : ''))
    .join('');

export const deltasOf = (events: readonly ChatStreamEvent[], modelId: string) =>
  eventsOf(events, modelId).flatMap((e) => (e.type === 'delta' ? [e.text] : []));

export function finishOf(events: readonly ChatStreamEvent[], modelId: string) {
  const finish = eventsOf(events, modelId).find((e) => e.type === 'finish');
  if (finish?.type !== 'finish') throw new Error(`no finish event for ${modelId}`);
  return finish;
}

export interface LogLine {
  readonly level: keyof Logger;
  readonly message: string;
  readonly context: Readonly<Record<string, unknown>> | undefined;
}

export function recordingLogger(): Logger & { readonly lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: keyof Logger) => (message: string, context?: Readonly<Record<string, unknown>>) => {
    lines.push({ level, message, context });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const catalogueEntry = (
  id: string,
  provider: ModelCatalogueEntry['provider'],
  overrides: Partial<ModelCatalogueEntry> = {},
): ModelCatalogueEntry => ({
  id,
  label: `${id} label`,
  provider,
  inputCreditsPer1k: 3,
  outputCreditsPer1k: 6,
  plan: 'paid',
  ...overrides,
});

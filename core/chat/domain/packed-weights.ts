import { z } from 'zod';
import { attachmentRefSchema, type AttachmentRef } from './attachments.js';
import type { MessageWeight } from './history-page.js';

/**
 * The weights of a visible path as they travel with each page (a long conversation's open answers
 * them all): one column per field instead of one object per message, each model named once, and the
 * rare parts (a merge's models, a message's files) only where a message has them. Packing and
 * unpacking give back the same weights, so the composer prices the next message exactly as before.
 */
export interface PackedWeights {
  /** One letter a message, oldest first: `u` a question, `a` an answer, `s` a system message. */
  readonly roles: string;
  /** Every model that wrote a message of the path, once each. */
  readonly models: readonly string[];
  /** Per message: 1 + the index of its model in `models`, 0 when it has none. */
  readonly model: readonly number[];
  /** Per message: its size whole, in quarter tokens (weightOf). */
  readonly quarters: readonly number[];
  /** Per message: its size as a summary line keeps it, in quarter tokens. */
  readonly summaryQuarters: readonly number[];
  /** The merges: [the message's index, the models whose answers it merged]. */
  readonly merged?: readonly (readonly [number, readonly string[]])[];
  /** The merges marked outdated (MessageWeight.outdated): their indexes, each one of `merged`. */
  readonly outdated?: readonly number[];
  /** The messages with files: [the message's index, its files]. */
  readonly files?: readonly (readonly [number, readonly AttachmentRef[]])[];
}

const ROLE_LETTERS = { user: 'u', assistant: 'a', system: 's' } as const;
const ROLE_OF = { u: 'user', a: 'assistant', s: 'system' } as const;

/** The weights of a path, packed (see PackedWeights). */
export function packWeights(weights: readonly MessageWeight[]): PackedWeights {
  const models: string[] = [];
  const modelIndex = new Map<string, number>();
  const merged: [number, readonly string[]][] = [];
  const outdated: number[] = [];
  const files: [number, readonly AttachmentRef[]][] = [];
  let roles = '';
  const model: number[] = [];
  const quarters: number[] = [];
  const summaryQuarters: number[] = [];
  weights.forEach((w, i) => {
    roles += ROLE_LETTERS[w.role];
    if (w.modelId === null) model.push(0);
    else {
      let at = modelIndex.get(w.modelId);
      if (at === undefined) {
        at = models.length;
        models.push(w.modelId);
        modelIndex.set(w.modelId, at);
      }
      model.push(at + 1);
    }
    quarters.push(w.quarters);
    summaryQuarters.push(w.summaryQuarters);
    if (w.mergedFrom !== undefined) merged.push([i, w.mergedFrom]);
    if (w.mergedFrom !== undefined && w.outdated === true) outdated.push(i);
    if (w.attachments !== undefined && w.attachments.length > 0) files.push([i, w.attachments]);
  });
  return { roles, models, model, quarters, summaryQuarters, ...(merged.length > 0 ? { merged } : {}), ...(outdated.length > 0 ? { outdated } : {}), ...(files.length > 0 ? { files } : {}) };
}

/** The weights packed by packWeights, one object a message again (the packing already checked, see packedWeightsSchema). */
export function unpackWeights(packed: PackedWeights): MessageWeight[] {
  const merged = new Map(packed.merged?.map(([i, from]) => [i, from]));
  const files = new Map(packed.files?.map(([i, refs]) => [i, refs]));
  const outdated = new Set(packed.outdated);
  return Array.from(packed.roles, (letter, i) => {
    const modelAt = packed.model[i] ?? 0;
    const mergedFrom = merged.get(i);
    const attachments = files.get(i);
    return {
      role: ROLE_OF[letter as keyof typeof ROLE_OF],
      modelId: modelAt === 0 ? null : (packed.models[modelAt - 1] ?? null),
      ...(mergedFrom === undefined ? {} : { mergedFrom }),
      ...(mergedFrom !== undefined && outdated.has(i) ? { outdated: true as const } : {}),
      ...(attachments === undefined || attachments.length === 0 ? {} : { attachments }),
      quarters: packed.quarters[i] ?? 0,
      summaryQuarters: packed.summaryQuarters[i] ?? 0,
    };
  });
}

const size = z.number().int().nonnegative();
const index = z.number().int().nonnegative();

/** Packed weights as they are read (from the wire): every column as long as `roles`, every index in range. */
export const packedWeightsSchema = z
  .object({
    roles: z.string().regex(/^[uas]*$/, 'roles must be letters u, a or s'),
    models: z.array(z.string().min(1)).readonly(),
    model: z.array(index).readonly(),
    quarters: z.array(size).readonly(),
    summaryQuarters: z.array(size).readonly(),
    merged: z.array(z.tuple([index, z.array(z.string()).readonly()]).readonly()).readonly().optional(),
    files: z.array(z.tuple([index, z.array(attachmentRefSchema).readonly()]).readonly()).readonly().optional(),
    outdated: z.array(index).readonly().optional(),
  })
  .superRefine((p, ctx) => {
    const n = p.roles.length;
    for (const column of ['model', 'quarters', 'summaryQuarters'] as const) {
      if (p[column].length !== n) ctx.addIssue({ code: 'custom', path: [column], message: `${column} must hold one number per message (${n})` });
    }
    if (p.model.some((m) => m > p.models.length)) ctx.addIssue({ code: 'custom', path: ['model'], message: 'model names a model that models does not list' });
    for (const column of ['merged', 'files'] as const) {
      if (p[column]?.some(([i]) => i >= n)) ctx.addIssue({ code: 'custom', path: [column], message: `${column} names a message the path does not have` });
    }
    const merges = new Set(p.merged?.map(([i]) => i));
    if (p.outdated?.some((i) => !merges.has(i))) ctx.addIssue({ code: 'custom', path: ['outdated'], message: 'outdated names a message that is not a merge' });
  });

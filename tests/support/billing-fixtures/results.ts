import { expect } from 'vitest';
import type { Result } from '../../../core/shared/index.js';

type AnyResult = Result<unknown, unknown>;
type DataOf<R> = R extends { success: true; data: infer T } ? T : never;
type ErrorOf<R> = R extends { success: false; error: infer E } ? E : never;

export function dataOf<R extends AnyResult>(result: R): DataOf<R> {
  if (!result.success) throw new Error(`expected success, got ${String((result.error as Error)?.message ?? result.error)}`);
  return result.data as DataOf<R>;
}

export function errorOf<R extends AnyResult>(result: R): ErrorOf<R> {
  expect(result.success).toBe(false);
  if (result.success) throw new Error('expected a failure');
  return result.error as ErrorOf<R>;
}

import type { ModelCatalogue, ModelCatalogueEntry } from '../models/model-catalogue.js';
import { ok, fail, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';

/** The model table in memory: what it holds is listed at once, in its order. */
export class InMemoryModelCatalogue implements ModelCatalogue {
  readonly failures = new FailureInjector<'list'>();
  private entries: readonly ModelCatalogueEntry[];

  constructor(entries: readonly ModelCatalogueEntry[]) {
    this.entries = [...entries];
  }

  /** The table now holds exactly these rows, in this order. */
  replace(entries: readonly ModelCatalogueEntry[]): void {
    this.entries = [...entries];
  }

  async list(): Promise<Result<readonly ModelCatalogueEntry[]>> {
    const failure = this.failures.take('list');
    if (failure) return fail(failure);
    return ok(this.entries);
  }
}

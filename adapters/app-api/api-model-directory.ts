import type { ModelInfo, ModelDirectory } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { modelsAnswer } from '../api-contract/api-contract.js';

/** The model catalogue from /api/models: prices, plans, and whether each provider is configured. */
export class ApiModelDirectory implements ModelDirectory {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async listModels(): Promise<Result<readonly ModelInfo[]>> {
    const r = await this.api.parsed('/api/models', modelsAnswer, 'model list');
    return r.success ? ok(r.data.models) : r;
  }
}

import type { ConversationSearch, SearchHit, SearchQuery } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { searchAnswer } from '../api-contract/api-contract.js';

/** Search through GET /api/search: the server searches the access token's user only (the userId is not sent). */
export class ApiConversationSearch implements ConversationSearch {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async search(_userId: string, query: SearchQuery): Promise<Result<readonly SearchHit[]>> {
    const params = new URLSearchParams({ q: query.text, lang: query.language });
    if (query.limit) params.set('limit', String(query.limit));
    const r = await this.api.parsed(`/api/search?${params}`, searchAnswer, 'search answer');
    return r.success ? ok(r.data.hits) : r;
  }
}

import type { InstructionPreset, InstructionPresets } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { presetAnswer, presetsAnswer } from '../api-contract/api-contract.js';

/** The caller's instruction presets through /api/instruction-presets (the userId is the token's). */
export class ApiInstructionPresets implements InstructionPresets {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async listPresets(): Promise<Result<readonly InstructionPreset[]>> {
    const r = await this.api.parsed('/api/instruction-presets', presetsAnswer, 'preset list');
    return r.success ? ok(r.data.presets) : r;
  }

  async savePreset(_userId: string, preset: { readonly name: string; readonly instruction: string }): Promise<Result<InstructionPreset>> {
    const r = await this.api.parsed('/api/instruction-presets', presetAnswer, 'preset', { method: 'POST', json: preset });
    return r.success ? ok(r.data.preset) : r;
  }

  async deletePreset(_userId: string, presetId: string): Promise<Result<void>> {
    const r = await this.api.json<unknown>(`/api/instruction-presets/${encodeURIComponent(presetId)}`, { method: 'DELETE' });
    return r.success ? ok(undefined) : r;
  }
}

import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { MAX_INSTRUCTION_PRESETS, type InstructionPreset, type InstructionPresets } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

const COLUMNS = 'id, name, instruction, created_at';
const presetRow = z
  .object({ id: z.string(), name: z.string(), instruction: z.string(), created_at: z.string() })
  .transform((r): InstructionPreset => ({ id: r.id, name: r.name, instruction: r.instruction, createdAt: new Date(r.created_at).toISOString() }));

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const noPreset = (id: string) => fail(domainError('not_found', `No instruction preset ${id}`));

/** instruction_presets, every query naming its user (the service role bypasses row-level security). */
export class SupabaseInstructionPresets implements InstructionPresets {
  constructor(private readonly client: SupabaseClient) {}

  async listPresets(userId: string): Promise<Result<readonly InstructionPreset[]>> {
    const { data, error, status } = await this.client
      .from('instruction_presets')
      .select(COLUMNS)
      .eq('user_id', userId)
      .order('name', { ascending: true })
      .order('created_at', { ascending: true });
    if (error) return fail(fromRest('Could not list the instruction presets', error, status));
    return parseRow('Could not list the instruction presets', z.array(presetRow), data);
  }

  async savePreset(userId: string, preset: { readonly name: string; readonly instruction: string }): Promise<Result<InstructionPreset>> {
    const { data, error, status } = await this.client
      .from('instruction_presets')
      .upsert({ user_id: userId, name: preset.name, instruction: preset.instruction }, { onConflict: 'user_id,name' })
      .select(COLUMNS)
      .single();
    if (error && /preset_limit/.test(error.message)) {
      return fail(domainError('conflict', `At most ${MAX_INSTRUCTION_PRESETS} instruction presets can be kept; delete one first`, { limit: MAX_INSTRUCTION_PRESETS }));
    }
    if (error) return fail(fromRest('Could not save the instruction preset', error, status));
    return parseRow('Could not save the instruction preset', presetRow, data);
  }

  async deletePreset(userId: string, presetId: string): Promise<Result<void>> {
    if (!isUuid(presetId)) return noPreset(presetId);
    const { data, error, status } = await this.client.from('instruction_presets').delete().eq('user_id', userId).eq('id', presetId).select('id');
    if (error) return fail(fromRest('Could not delete the instruction preset', error, status));
    return data.length === 0 ? noPreset(presetId) : ok(undefined);
  }
}

import type { Clock } from '../../core/shared/index.js';
import { MAX_INSTRUCTION_PRESETS, type InstructionPreset, type InstructionPresets } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** Instruction presets in memory, per user, with the database's rules: one name once, at most 20. */
export class InMemoryInstructionPresets implements InstructionPresets {
  private readonly presets = new Map<string, InstructionPreset & { readonly userId: string }>();
  private readonly clock: Clock;
  private sequence = 0;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async listPresets(userId: string): Promise<Result<readonly InstructionPreset[]>> {
    return ok(this.of(userId).sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt)).map(strip));
  }

  async savePreset(userId: string, preset: { readonly name: string; readonly instruction: string }): Promise<Result<InstructionPreset>> {
    const same = this.of(userId).find((p) => p.name === preset.name);
    if (same) {
      const replaced = { ...same, instruction: preset.instruction };
      this.presets.set(same.id, replaced);
      return ok(strip(replaced));
    }
    if (this.of(userId).length >= MAX_INSTRUCTION_PRESETS) {
      return fail(domainError('conflict', `At most ${MAX_INSTRUCTION_PRESETS} instruction presets can be kept; delete one first`, { limit: MAX_INSTRUCTION_PRESETS }));
    }
    this.sequence += 1;
    const saved = { id: `preset_${String(this.sequence).padStart(6, '0')}`, userId, name: preset.name, instruction: preset.instruction, createdAt: this.clock.now().toISOString() };
    this.presets.set(saved.id, saved);
    return ok(strip(saved));
  }

  async deletePreset(userId: string, presetId: string): Promise<Result<void>> {
    const found = this.presets.get(presetId);
    if (!found || found.userId !== userId) return fail(domainError('not_found', `No instruction preset ${presetId}`));
    this.presets.delete(presetId);
    return ok(undefined);
  }

  private of(userId: string) {
    return [...this.presets.values()].filter((p) => p.userId === userId);
  }
}

const strip = ({ id, name, instruction, createdAt }: InstructionPreset): InstructionPreset => ({ id, name, instruction, createdAt });

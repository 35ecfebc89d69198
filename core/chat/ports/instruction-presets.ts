import type { Result } from '../../shared/index.js';

/** A system instruction a user saved under a name, to give new conversations in one click. */
export interface InstructionPreset {
  readonly id: string;
  readonly name: string;
  readonly instruction: string;
  readonly createdAt: string;
}

/** A user keeps at most this many presets ("a few"): saving one more is refused with `conflict`. */
export const MAX_INSTRUCTION_PRESETS = 20;

/**
 * A user's own instruction presets. Saving under a name the user already used replaces that
 * preset's text. Another user's preset reads as missing (`not_found` on delete).
 */
export interface InstructionPresets {
  listPresets(userId: string): Promise<Result<readonly InstructionPreset[]>>;
  savePreset(userId: string, preset: { readonly name: string; readonly instruction: string }): Promise<Result<InstructionPreset>>;
  deletePreset(userId: string, presetId: string): Promise<Result<void>>;
}

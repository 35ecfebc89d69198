import { z } from 'zod';
import { hasUnstorableText } from '../domain/chat-rules.js';
import { instructionSchema } from '../domain/conversation-settings.js';
import type { InstructionPreset, InstructionPresets } from '../ports/instruction-presets.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type Deps = { readonly currentUser: CurrentUser; readonly instructionPresets: InstructionPresets };

export const MAX_PRESET_NAME_LENGTH = 80;

const saveSchema = z.object({
  name: z
    .string({ error: 'The name must be text' })
    .trim()
    .min(1, 'Give the preset a name')
    .max(MAX_PRESET_NAME_LENGTH, `The name must contain at most ${MAX_PRESET_NAME_LENGTH} characters`)
    .refine((text) => !hasUnstorableText(text), 'The name contains a character that cannot be stored'),
  instruction: instructionSchema.refine((text) => text !== '', 'The instruction of a preset must not be empty'),
});
const deleteSchema = z.object({ presetId: z.string({ error: 'Preset id must be text' }).trim().min(1, 'Preset id must not be empty').max(100, 'Preset id is too long') });

/** The user's saved instructions, by name. */
export const makeListInstructionPresets =
  (deps: Deps) =>
  async (): Promise<Result<readonly InstructionPreset[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.instructionPresets.listPresets(user.data.id);
  };

/** Saves an instruction under a name (the same name again replaces its text); at most MAX_INSTRUCTION_PRESETS. */
export const makeSaveInstructionPreset =
  (deps: Deps) =>
  async (input: { name: string; instruction: string }): Promise<Result<InstructionPreset>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(saveSchema, input);
    if (!valid.success) return valid;
    return deps.instructionPresets.savePreset(user.data.id, valid.data);
  };

export const makeDeleteInstructionPreset =
  (deps: Deps) =>
  async (input: { presetId: string }): Promise<Result<void>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(deleteSchema, input);
    if (!valid.success) return valid;
    return deps.instructionPresets.deletePreset(user.data.id, valid.data.presetId);
  };

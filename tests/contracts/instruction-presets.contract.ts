/**
 * InstructionPresets contract: a user's own saved instructions. Run against the in-memory adapter,
 * the Postgres one (service role and the user's token) and the browser's ApiInstructionPresets.
 *
 * Harness: `presets`, `createUser()`, `actAs(userId)` (adapters acting with a token switch to it).
 */
import { describe, expect, it } from 'vitest';
import { MAX_INSTRUCTION_PRESETS, type InstructionPresets } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

export interface InstructionPresetsHarness {
  readonly presets: InstructionPresets;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const code = (r: Result<unknown>) => (r.success ? 'ok' : r.error.code);

export function instructionPresetsContract(name: string, makeHarness: () => Promise<InstructionPresetsHarness>): void {
  describe(`InstructionPresets contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, presets: h.presets };
    };

    it('saves presets and lists them by name; deleting one removes it', async () => {
      const { presets, user } = await signedIn();
      expect(data(await presets.listPresets(user))).toEqual([]);
      const tutor = data(await presets.savePreset(user, { name: 'Tutor', instruction: 'Explain step by step.' }));
      const critic = data(await presets.savePreset(user, { name: 'Critic', instruction: 'Point out every weakness.' }));
      expect(tutor).toMatchObject({ name: 'Tutor', instruction: 'Explain step by step.' });
      expect(typeof tutor.id).toBe('string');
      expect(Number.isNaN(Date.parse(tutor.createdAt))).toBe(false);
      expect(data(await presets.listPresets(user)).map((p) => p.name)).toEqual(['Critic', 'Tutor']);
      data(await presets.deletePreset(user, critic.id));
      expect(data(await presets.listPresets(user)).map((p) => p.id)).toEqual([tutor.id]);
      expect(code(await presets.deletePreset(user, critic.id))).toBe('not_found');
    });

    it('saving under a name already used replaces that preset’s instruction (same preset, no second one)', async () => {
      const { presets, user } = await signedIn();
      const first = data(await presets.savePreset(user, { name: 'Tone', instruction: 'Formal.' }));
      const again = data(await presets.savePreset(user, { name: 'Tone', instruction: 'Casual.' }));
      expect(again.id).toBe(first.id);
      expect(data(await presets.listPresets(user))).toEqual([{ ...first, instruction: 'Casual.' }]);
    });

    it(`keeps at most ${MAX_INSTRUCTION_PRESETS}: one more is a conflict, replacing one by name still works`, async () => {
      const { presets, user } = await signedIn();
      for (let i = 0; i < MAX_INSTRUCTION_PRESETS; i += 1) data(await presets.savePreset(user, { name: `Preset ${String(i).padStart(2, '0')}`, instruction: `Instruction ${i}` }));
      expect(code(await presets.savePreset(user, { name: 'One too many', instruction: 'x' }))).toBe('conflict');
      expect(data(await presets.savePreset(user, { name: 'Preset 00', instruction: 'Changed' })).instruction).toBe('Changed');
      expect(data(await presets.listPresets(user))).toHaveLength(MAX_INSTRUCTION_PRESETS);
    });

    it("one user never sees nor deletes another user's presets", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const mine = data(await h.presets.savePreset(alice, { name: 'Secret', instruction: 'Alice only' }));
      await h.actAs(bob);
      expect(data(await h.presets.listPresets(bob))).toEqual([]);
      expect(code(await h.presets.deletePreset(bob, mine.id))).toBe('not_found');
      // Bob may use the same name for a preset of his own.
      data(await h.presets.savePreset(bob, { name: 'Secret', instruction: 'Bob only' }));
      await h.actAs(alice);
      expect(data(await h.presets.listPresets(alice))).toEqual([mine]);
    });

    it('deleting an id that was never a preset is not_found', async () => {
      const { presets, user } = await signedIn();
      expect(code(await presets.deletePreset(user, '00000000-0000-4000-8000-00000000beef'))).toBe('not_found');
      expect(code(await presets.deletePreset(user, 'not-an-id'))).toBe('not_found');
    });
  });
}

import { randomUUID } from 'node:crypto';
import { InMemoryInstructionPresets } from '../../adapters/in-memory/in-memory-instruction-presets.js';
import { instructionPresetsContract } from './instruction-presets.contract.js';

instructionPresetsContract('InMemoryInstructionPresets', async () => ({
  presets: new InMemoryInstructionPresets(),
  createUser: async () => randomUUID(),
  actAs: async () => undefined,
}));

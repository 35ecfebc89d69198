import { describe, expect, it } from 'vitest';
import type { Profiling, StoredProfiling } from '../../../core/account/index.js';
import { DEFAULT_PROFILING, applyProfilingStep, fromStoredProfiling, toStoredProfiling, makeGetProfiling, makeGetProfilingCompleted, makeSaveProfilingStep, type SaveProfilingStepInput } from '../../../core/account/index.js';
import { inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

const setup = () => {
  const w = inMemoryAuthWorld();
  const { user } = w.signedInUser();
  return {
    w,
    userId: user.id,
    getProfiling: makeGetProfiling(w),
    getCompleted: makeGetProfilingCompleted(w),
    saveStep: makeSaveProfilingStep(w),
  };
};

const answered: Profiling = {
  role: 'designer',
  roleOther: '',
  companySize: '1-10',
  workOutputs: ['images', 'copy'],
  workOutputOther: 'storyboards',
  ensembleUse: 'work',
  ensembleUseOther: '',
  completed: true,
  currentStep: 4,
};

describe('profiling names (app §3)', () => {
  it('app §3: client-side names map to the stored names and back', () => {
    const stored = toStoredProfiling(answered);
    expect(stored).toEqual({
      role: 'designer',
      role_other: '',
      company_size: '1-10',
      work_outputs: ['images', 'copy'],
      work_output_other: 'storyboards',
      ensemble_use: 'work',
      ensemble_use_other: '',
      completed: true,
      current_step: 4,
    });
    expect(fromStoredProfiling(stored)).toEqual(answered);
  });

  it('app §3: stored columns never written (null) read as the defaults', () => {
    const empty: StoredProfiling = {
      role: null,
      role_other: null,
      company_size: null,
      work_outputs: null,
      work_output_other: null,
      ensemble_use: null,
      ensemble_use_other: null,
      completed: null,
      current_step: null,
    };
    expect(fromStoredProfiling(empty)).toEqual(DEFAULT_PROFILING);
  });
});

describe('reading profiling (app §3, §8)', () => {
  it('app §3, §9: without a row, the defaults: empty strings, empty list, completed false, step 0', async () => {
    const { getProfiling } = setup();
    expect(await getProfiling()).toEqual({
      success: true,
      data: {
        role: '',
        roleOther: '',
        companySize: '',
        workOutputs: [],
        workOutputOther: '',
        ensembleUse: '',
        ensembleUseOther: '',
        completed: false,
        currentStep: 0,
      },
    });
  });

  it('app §8: without a row, profiling is not completed', async () => {
    const { getCompleted } = setup();
    expect(await getCompleted()).toEqual({ success: true, data: false });
  });

  it('app §7: reads back what is stored, and completed alone', async () => {
    const { w, userId, getProfiling, getCompleted } = setup();
    await w.profilingStore.upsertProfiling(userId, answered);
    expect(await getProfiling()).toEqual({ success: true, data: answered });
    expect(await getCompleted()).toEqual({ success: true, data: true });
  });

  it('app §8: a failed read is a failure, not the defaults', async () => {
    const { w, getProfiling, getCompleted } = setup();
    w.profilingStore.failures.failNext('getProfiling');
    w.profilingStore.failures.failNext('getCompleted');
    expect((await getProfiling()).success).toBe(false);
    expect((await getCompleted()).success).toBe(false);
  });
});

describe('saving profiling step by step (app §4)', () => {
  it('app §4: each step merges its answers and moves current_step forward; the last one completes', async () => {
    const { w, userId, saveStep, getCompleted } = setup();
    await saveStep({ answers: { role: 'other', roleOther: 'teacher' }, nextStep: 1 });
    await saveStep({ answers: { companySize: '11-50' }, nextStep: 2 });
    await saveStep({ answers: { workOutputs: ['slides'] }, nextStep: 3 });
    expect(await getCompleted()).toEqual({ success: true, data: false });
    const last = await saveStep({ answers: { ensembleUse: 'teaching' }, nextStep: 4, finished: true });
    const expected: Profiling = {
      ...DEFAULT_PROFILING,
      role: 'other',
      roleOther: 'teacher',
      companySize: '11-50',
      workOutputs: ['slides'],
      ensembleUse: 'teaching',
      currentStep: 4,
      completed: true,
    };
    expect(last).toEqual({ success: true, data: expected });
    expect(w.db.profilings.get(userId)).toEqual(expected);
  });

  it('app §4: going back to change an answer never moves current_step backwards', async () => {
    const { w, userId, saveStep } = setup();
    await saveStep({ answers: { role: 'engineer' }, nextStep: 1 });
    await saveStep({ answers: { companySize: '1-10' }, nextStep: 2 });
    const back = await saveStep({ answers: { role: 'manager' }, nextStep: 1 });
    expect(back.success && back.data).toMatchObject({ role: 'manager', companySize: '1-10', currentStep: 2 });
    expect(w.db.profilings.get(userId)?.currentStep).toBe(2);
  });

  it('app §4: once completed, profiling stays completed', () => {
    const done = applyProfilingStep({ ...DEFAULT_PROFILING, completed: true, currentStep: 4 }, {
      answers: { role: 'x' },
      nextStep: 1,
      finished: false,
    });
    expect(done).toMatchObject({ completed: true, currentStep: 4, role: 'x' });
  });

  it('app §5: invalid steps are refused with a precise message and nothing is written', async () => {
    const { w, userId, saveStep } = setup();
    const cases: Array<[unknown, string]> = [
      [{ answers: {}, nextStep: -1 }, 'nextStep must be greater than or equal to 0'],
      [{ answers: {}, nextStep: 1.5 }, 'nextStep must be a whole number'],
      [{ answers: {} }, 'nextStep must be a number'],
      [{ answers: { role: 'x'.repeat(201) }, nextStep: 1 }, 'role must contain at most 200 characters'],
      [{ answers: { workOutputs: 'code' }, nextStep: 1 }, 'workOutputs must be a list of text'],
      [{ answers: { workOutputs: Array.from({ length: 21 }, (_, i) => `o${i}`) }, nextStep: 1 }, 'workOutputs must contain at most 20 element(s)'],
      [{ answers: { completed: true }, nextStep: 1 }, 'Unrecognized key: "completed"'],
    ];
    for (const [input, message] of cases) {
      const result = await saveStep(input as SaveProfilingStepInput);
      expect({ input, result }).toMatchObject({ input, result: { success: false, error: { code: 'validation', message } } });
    }
    expect(w.db.profilings.has(userId)).toBe(false);
  });

  it('app §8: a failed write is passed through', async () => {
    const { w, saveStep } = setup();
    w.profilingStore.failures.failNext('upsertProfiling');
    expect(await saveStep({ answers: { role: 'engineer' }, nextStep: 1 })).toMatchObject({ success: false, error: { code: 'network' } });
  });
});

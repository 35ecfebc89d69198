// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profiling } from '../../../core/account/index.js';
import { ProfilingScreen } from '../../../web/client/features/onboarding/components/profiling-screen.js';
import { emptyProfiling } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(initial: Profiling, answer: boolean = true) {
  const saved: Profiling[] = [];
  renderUi(<ProfilingScreen initial={initial} onSaveStep={async (p) => { saved.push(p); return answer; }} />);
  return saved;
}

const progress = () => screen.getByRole('progressbar', { name: 'Questionnaire progress' });

describe('ProfilingScreen', () => {
  it('app §4: each step is saved with current_step moved forward; the last one completes', async () => {
    const saved = setup(emptyProfiling);
    await userEvent.click(screen.getByRole('radio', { name: 'Software engineer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'How big is your company?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '2–10 people' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Code' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'E-mails and messages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('radio', { name: "Comparing models' answers" }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish and start chatting' }));
    expect(saved.map((p) => [p.currentStep, p.completed])).toEqual([[1, false], [2, false], [3, false], [4, true]]);
    expect(saved.at(-1)).toMatchObject({ role: 'engineer', companySize: '2_10', workOutputs: ['code', 'emails'], ensembleUse: 'compare' });
  });

  it('resumes at the saved step with the saved answers, showing progress', () => {
    setup({ ...emptyProfiling, role: 'design', companySize: '11_50', currentStep: 2 });
    expect(screen.getByRole('heading', { name: 'What do you produce in your work?' })).toBeTruthy();
    expect(screen.getByText('Question 3 of 4')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('3');
  });

  it('"Other" needs its text before the step can be saved', async () => {
    const saved = setup(emptyProfiling);
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Tell us more'), 'Teacher');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(saved[0]).toMatchObject({ role: 'other', roleOther: 'Teacher', currentStep: 1 });
  });

  it('a failed save keeps the user on the step', async () => {
    const saved = setup(emptyProfiling, false);
    await userEvent.click(screen.getByRole('radio', { name: 'Student' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(saved).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'What best describes your role?' })).toBeTruthy();
  });

  it('Back returns to the previous question with its answer kept', async () => {
    setup({ ...emptyProfiling, role: 'sales', currentStep: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: 'Sales' }) as HTMLInputElement).checked).toBe(true);
  });
});

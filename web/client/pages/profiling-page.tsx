import type { Profiling } from '../../../core/domain/profiling.js';
import { ProfilingScreen } from '../screens/profiling/profiling-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

/** app spec §3: the defaults when no row exists. */
const EMPTY: Profiling = {
  role: '', roleOther: '', companySize: '', workOutputs: [], workOutputOther: '',
  ensembleUse: '', ensembleUseOther: '', completed: false, currentStep: 0,
};

/**
 * Wiring seam: the profiling use cases load the saved answers (resume) and save each step; on the
 * completed step the page moves on to /chat.
 */
export default function ProfilingPage() {
  return (
    <SiteLayout>
      <ProfilingScreen initial={EMPTY} onSaveStep={() => true} />
    </SiteLayout>
  );
}

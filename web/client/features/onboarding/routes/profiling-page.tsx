import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Profiling } from '../../../../../core/account/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { ProfilingScreen } from '../components/profiling-screen.js';
import { PageLoading } from '../../../ui/page-loading.js';
import { SiteLayout } from '../../../ui/site-layout.js';

/**
 * /profiling: loads the saved answers (resume at current_step), saves each step as it is answered
 * (app spec §4) and moves on to where the user was going, /chat by default, once completed.
 */
export default function ProfilingPage() {
  const { t } = useTranslation();
  const { getProfiling, saveProfilingStep, toastCenter, takeReturnTo } = useUseCases();
  const [, navigate] = useLocation();
  const [initial, setInitial] = useState<Profiling | null>(null);

  useEffect(() => {
    let live = true;
    void getProfiling().then((loaded) => {
      if (!live) return;
      if (!loaded.success) toastCenter.error(t('toast.loadFailed'));
      setInitial(loaded.success ? loaded.data : { role: '', roleOther: '', companySize: '', workOutputs: [], workOutputOther: '', ensembleUse: '', ensembleUseOther: '', completed: false, currentStep: 0 });
    });
    return () => {
      live = false;
    };
  }, [getProfiling, toastCenter, t]);

  const save = async (answers: Profiling): Promise<boolean> => {
    const { completed, currentStep, ...given } = answers;
    const saved = await saveProfilingStep({ answers: given, nextStep: currentStep, finished: completed });
    if (!saved.success) {
      toastCenter.error(t('toast.saveFailed'));
      return false;
    }
    if (saved.data.completed) navigate(takeReturnTo(), { replace: true });
    return true;
  };

  return <SiteLayout>{initial ? <ProfilingScreen initial={initial} onSaveStep={save} /> : <PageLoading />}</SiteLayout>;
}

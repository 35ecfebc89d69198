import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DEFAULT_LEADERBOARD_PERIOD, leaderboardCsv, type LeaderboardPeriod, type LeaderboardRow } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { saveFile } from '../../../ui/save-file.js';
import { useTitle } from '../../../ui/use-title.js';
import { LeaderboardView } from '../components/leaderboard-view.js';
import { isSelectable } from '../components/model-picker.js';
import { useChatArea } from '../state/chat-context.js';

/** At most this many of the best models go into "Compare my best". */
const BEST_COLUMNS = 3;

/** /leaderboard, inside the chat layout: the user's own models ranked by their votes over a period. */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  const { listLeaderboard, trackEvent } = useUseCases();
  const area = useChatArea();
  const [, navigate] = useLocation();
  const [period, setPeriod] = useState<LeaderboardPeriod>(DEFAULT_LEADERBOARD_PERIOD);
  const [rows, setRows] = useState<readonly LeaderboardRow[] | null | undefined>(undefined);
  useTitle(t('leaderboard.title'));

  // Once per opening (a development build runs effects twice).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void trackEvent({ event: 'leaderboard_opened', period: DEFAULT_LEADERBOARD_PERIOD });
  }, [trackEvent]);
  useEffect(() => {
    let current = true;
    setRows(undefined);
    void listLeaderboard({ period }).then((board) => {
      if (current) setRows(board.success ? board.data : null);
    });
    return () => {
      current = false;
    };
  }, [listLeaderboard, period]);

  const labelOf = (id: string) => area.models.find((m) => m.id === id)?.label ?? id;
  // The best models that won at least once and can be asked now.
  const best = (rows ?? [])
    .filter((r) => r.wins > 0 && area.models.some((m) => m.id === r.modelId && isSelectable(m, area.subscribed)))
    .slice(0, BEST_COLUMNS)
    .map((r) => r.modelId);

  return (
    <LeaderboardView period={period} onPeriodChange={setPeriod} rows={rows} labelOf={labelOf}
      onDownload={() => saveFile(`ensemble-leaderboard-${period}.csv`, leaderboardCsv(rows ?? [], labelOf), 'text/csv')}
      onCompareBest={best.length >= 2 ? () => navigate(`~/chat/all?models=${best.map(encodeURIComponent).join(',')}`) : undefined} />
  );
}

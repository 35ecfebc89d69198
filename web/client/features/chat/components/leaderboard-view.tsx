import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod, type LeaderboardRow } from '../../../../../core/chat/index.js';
import { Button } from '../../../ui/button.js';
import { EmptyState } from '../../../ui/empty-state.js';
import { Skeleton } from '../../../ui/spinner.js';
import { TrophyIcon } from '../../../ui/icons.js';
import './leaderboard.css';

export interface LeaderboardViewProps {
  period: LeaderboardPeriod;
  onPeriodChange: (period: LeaderboardPeriod) => void;
  /** undefined while it loads; null when it could not be read. */
  rows: readonly LeaderboardRow[] | null | undefined;
  labelOf: (modelId: string) => string;
  onDownload: () => void;
  /** Opens a side-by-side chat with the best models; absent when fewer than two of them can be asked. */
  onCompareBest?: (() => void) | undefined;
}

/** The user's own models ranked by their votes: wins, comparisons, win rate, credits per win, median time to first word. */
export function LeaderboardView(props: LeaderboardViewProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits: number) => new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  const percent = (value: number) => new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  const { rows } = props;
  return (
    <div className="leaderboard">
      <header className="leaderboard__header">
        <h1>{t('leaderboard.title')}</h1>
        <p className="muted">{t('leaderboard.intro')}</p>
        <div className="leaderboard__tools">
          <div className="leaderboard__periods" role="group" aria-label={t('leaderboard.period')}>
            {LEADERBOARD_PERIODS.map((p) => (
              <button key={p} type="button" className="leaderboard__period" aria-pressed={props.period === p} onClick={() => props.onPeriodChange(p)}>
                {t(`leaderboard.periods.${p}`)}
              </button>
            ))}
          </div>
          <div className="leaderboard__actions">
            {props.onCompareBest ? <Button size="sm" onClick={props.onCompareBest}>{t('leaderboard.compareBest')}</Button> : null}
            {rows && rows.length > 0 ? <Button size="sm" variant="secondary" onClick={props.onDownload}>{t('leaderboard.download')}</Button> : null}
          </div>
        </div>
      </header>
      <div className="leaderboard__body">
        {rows === undefined ? (
          <div aria-busy="true" className="stack">{[0, 1, 2].map((i) => <Skeleton key={i} height={36} />)}</div>
        ) : rows === null ? (
          <p role="alert">{t('toast.loadFailed')}</p>
        ) : rows.length === 0 ? (
          <EmptyState icon={<TrophyIcon size={32} />} title={t('leaderboard.emptyTitle')}>{t('leaderboard.emptyBody')}</EmptyState>
        ) : (
          <div className="leaderboard__scroll">
            <table className="leaderboard__table">
              <caption className="visually-hidden">{t('leaderboard.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('leaderboard.model')}</th>
                  <th scope="col">{t('leaderboard.wins')}</th>
                  <th scope="col">{t('leaderboard.comparisons')}</th>
                  <th scope="col">{t('leaderboard.winRate')}</th>
                  <th scope="col">{t('leaderboard.creditsPerWin')}</th>
                  <th scope="col">{t('leaderboard.firstToken')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={row.modelId} data-model-id={row.modelId}>
                    <td className="leaderboard__rank">{i + 1}</td>
                    <th scope="row">{props.labelOf(row.modelId)}</th>
                    {/* data-label: the column's name beside each figure where the rows stack (narrow screens). */}
                    <td data-label={t('leaderboard.wins')}>{row.wins}</td>
                    <td data-label={t('leaderboard.comparisons')}>{row.comparisons}</td>
                    <td data-label={t('leaderboard.winRate')}>{percent(row.winRate)}</td>
                    <td data-label={t('leaderboard.creditsPerWin')}>{row.creditsPerWin === null ? t('leaderboard.none') : number(row.creditsPerWin, 1)}</td>
                    <td data-label={t('leaderboard.firstToken')}>
                      {row.medianFirstTokenMs === null ? t('leaderboard.none') : t('leaderboard.seconds', { seconds: number(row.medianFirstTokenMs / 1000, 1) })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

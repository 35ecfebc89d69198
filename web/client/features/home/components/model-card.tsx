import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';

/** One model of the catalogue: its plan and price when it answers here, else why it does not. */
export function ModelCard({ model }: { model: ModelInfo }) {
  const { t } = useTranslation();
  return (
    <article className={model.available ? 'card model-card' : 'card model-card model-card--unavailable'}>
      <div className="row model-card__head">
        <h4 className="model-card__name">{model.label}</h4>
        {model.available ? (
          <span className={model.plan === 'paid' ? 'badge badge--accent' : 'badge badge--success'}>
            {t(model.plan === 'paid' ? 'models.planPaid' : 'models.planFree')}
          </span>
        ) : (
          <span className="badge">{t('models.unavailable')}</span>
        )}
      </div>
      <p className="muted model-card__provider">{t(`models.provider.${model.provider}`)}</p>
      {model.available ? (
        <p className="model-card__price">{t('models.price', { input: model.inputCreditsPer1k, output: model.outputCreditsPer1k })}</p>
      ) : (
        <p className="model-card__why">{t(`models.why.${model.provider}`)}</p>
      )}
    </article>
  );
}

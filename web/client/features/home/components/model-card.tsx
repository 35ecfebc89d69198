import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';

/** One model that answers on this server: its provider, plan and price. */
export function ModelCard({ model }: { model: ModelInfo }) {
  const { t } = useTranslation();
  return (
    <article className="card model-card">
      <div className="row model-card__head">
        <h3 className="model-card__name">{model.label}</h3>
        <span className={model.plan === 'paid' ? 'badge badge--accent' : 'badge badge--success'}>
          {t(model.plan === 'paid' ? 'models.planPaid' : 'models.noPlanNeeded')}
        </span>
      </div>
      <p className="muted model-card__provider">{t(`models.provider.${model.provider}`)}</p>
      <p className="model-card__price">{t('models.price', { input: model.inputCreditsPer1k, output: model.outputCreditsPer1k })}</p>
    </article>
  );
}

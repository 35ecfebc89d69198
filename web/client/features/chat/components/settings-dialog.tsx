import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo, InstructionPreset } from '../../../../../core/chat/index.js';
import { MAX_INSTRUCTION_LENGTH, settingLimitsOf, type ConversationSettings, type ModelSettings } from '../../../../../core/chat/index.js';
import { answerHoldCredits } from '../../../../../core/credits/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Input, Select, Textarea } from '../../../ui/field.js';
import { Modal } from '../../../ui/modal.js';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  settings: ConversationSettings;
  /** The models whose temperature and length can be set here (the chat's models). */
  models: readonly ModelInfo[];
  /** The user's presets; undefined while they load. */
  presets: readonly InstructionPreset[] | undefined;
  onSave: (settings: ConversationSettings) => Promise<string | null>;
  onSavePreset: (name: string, instruction: string) => Promise<string | null>;
  onDeletePreset: (presetId: string) => void;
}

type Draft = Record<string, { temperature: string; maxOutputTokens: string }>;

const toDraft = (settings: ConversationSettings, models: readonly ModelInfo[]): Draft =>
  Object.fromEntries(
    models.map((m) => {
      const s = settings.models[m.id] ?? {};
      return [m.id, { temperature: s.temperature === undefined ? '' : String(s.temperature), maxOutputTokens: s.maxOutputTokens === undefined ? '' : String(s.maxOutputTokens) }];
    }),
  );

/** A field left empty keeps the provider's default; what is typed is checked against the model's own limits. */
const parseModel = (draft: Draft[string], model: ModelInfo): { value: ModelSettings; error: 'temperature' | 'length' | null } => {
  const limits = settingLimitsOf(model);
  const temperature = draft.temperature.trim() === '' ? undefined : Number(draft.temperature.replace(',', '.'));
  const maxOutputTokens = draft.maxOutputTokens.trim() === '' ? undefined : Number(draft.maxOutputTokens);
  if (temperature !== undefined && (!Number.isFinite(temperature) || temperature < 0 || temperature > (limits.maxTemperature ?? 0))) return { value: {}, error: 'temperature' };
  if (maxOutputTokens !== undefined && (!Number.isInteger(maxOutputTokens) || maxOutputTokens < 1 || maxOutputTokens > limits.maxOutputTokens)) return { value: {}, error: 'length' };
  return { value: { ...(temperature === undefined ? {} : { temperature }), ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) }, error: null };
};

/**
 * The conversation's system instruction (with the user's presets) and each model's temperature
 * and maximum answer length, where the model takes them; the price an answer is held at follows
 * the length. Settings of models not shown here are kept as they were.
 */
export function SettingsDialog({ open, onClose, settings, models, presets, onSave, onSavePreset, onDeletePreset }: SettingsDialogProps) {
  const { t } = useTranslation();
  const [instruction, setInstruction] = useState(settings.instruction);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings, models));
  const [presetName, setPresetName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Filled from the stored settings each time it opens, and only then: what is typed stays while
  // the page behind it changes (a preset saved, the balance refreshed).
  const latest = useRef({ settings, models });
  latest.current = { settings, models };
  useEffect(() => {
    if (!open) return;
    setInstruction(latest.current.settings.instruction);
    setDraft(toDraft(latest.current.settings, latest.current.models));
    setError(null);
  }, [open]);

  const parsed = models.map((m) => ({ model: m, ...parseModel(draft[m.id] ?? { temperature: '', maxOutputTokens: '' }, m) }));
  const invalid = parsed.some((p) => p.error !== null) || instruction.length > MAX_INSTRUCTION_LENGTH;

  const save = async () => {
    if (invalid) return;
    const kept = Object.fromEntries(Object.entries(settings.models).filter(([id]) => !models.some((m) => m.id === id)));
    const shown = Object.fromEntries(parsed.filter((p) => Object.keys(p.value).length > 0).map((p) => [p.model.id, p.value]));
    setBusy(true);
    const failed = await onSave({ instruction: instruction.trim(), models: { ...kept, ...shown } });
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };
  const savePreset = async () => {
    setError(await onSavePreset(presetName.trim(), instruction.trim()));
    setPresetName('');
  };
  const field = (id: string, key: 'temperature' | 'maxOutputTokens', value: string) =>
    setDraft((d) => ({ ...d, [id]: { ...(d[id] ?? { temperature: '', maxOutputTokens: '' }), [key]: value } }));

  return (
    <Modal open={open} wide title={t('settings.title')} onClose={onClose}
      footer={<>
        <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
        <Button busy={busy} disabled={invalid} onClick={() => void save()}>{t('settings.save')}</Button>
      </>}>
      <div className="stack settings">
        <Field label={t('settings.instruction')} hint={t('settings.instructionHint', { max: MAX_INSTRUCTION_LENGTH })}>
          {(control) => (
            <Textarea {...control} rows={4} value={instruction} maxLength={MAX_INSTRUCTION_LENGTH} data-autofocus
              placeholder={t('settings.instructionPlaceholder')} onChange={(event) => setInstruction(event.target.value)} />
          )}
        </Field>
        <div className="settings__presets row">
          <Field label={t('settings.presets')}>
            {(control) => (
              <Select {...control} value="" disabled={!presets || presets.length === 0}
                onChange={(event) => setInstruction(presets?.find((p) => p.id === event.target.value)?.instruction ?? instruction)}>
                <option value="">{presets === undefined ? t('settings.presetsLoading') : presets.length === 0 ? t('settings.noPresets') : t('settings.choosePreset')}</option>
                {presets?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
              </Select>
            )}
          </Field>
          <Field label={t('settings.presetName')}>
            {(control) => <Input {...control} value={presetName} maxLength={80} onChange={(event) => setPresetName(event.target.value)} />}
          </Field>
          <Button variant="secondary" size="sm" disabled={presetName.trim() === '' || instruction.trim() === ''} onClick={() => void savePreset()}>
            {t('settings.savePreset')}
          </Button>
        </div>
        {presets && presets.length > 0 ? (
          <ul className="settings__preset-list">
            {presets.map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <button type="button" className="message__action" aria-label={t('settings.deletePreset', { name: p.name })} onClick={() => onDeletePreset(p.id)}>
                  {t('sidebar.deleteShort')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {models.length > 0 ? (
          <table className="settings__models">
            <caption>{t('settings.perModel')}</caption>
            <thead>
              <tr><th scope="col">{t('settings.model')}</th><th scope="col">{t('settings.temperature')}</th><th scope="col">{t('settings.maxLength')}</th></tr>
            </thead>
            <tbody>
              {parsed.map(({ model, value, error: wrong }) => {
                const limits = settingLimitsOf(model);
                const d = draft[model.id] ?? { temperature: '', maxOutputTokens: '' };
                return (
                  <tr key={model.id}>
                    <th scope="row">{model.label}</th>
                    <td>
                      {limits.maxTemperature === null ? (
                        <span className="muted">{t('settings.noTemperature')}</span>
                      ) : (
                        <input className="input settings__number" type="number" inputMode="decimal" min={0} max={limits.maxTemperature} step={0.1}
                          aria-label={t('settings.temperatureOf', { model: model.label, max: limits.maxTemperature })} placeholder={t('settings.default')}
                          aria-invalid={wrong === 'temperature' || undefined} value={d.temperature} onChange={(event) => field(model.id, 'temperature', event.target.value)} />
                      )}
                    </td>
                    <td>
                      <input className="input settings__number" type="number" inputMode="numeric" min={1} max={limits.maxOutputTokens} step={1}
                        aria-label={t('settings.maxLengthOf', { model: model.label, max: limits.maxOutputTokens })} placeholder={t('settings.default')}
                        aria-invalid={wrong === 'length' || undefined} value={d.maxOutputTokens} onChange={(event) => field(model.id, 'maxOutputTokens', event.target.value)} />
                      <span className="settings__price muted">
                        {wrong
                          ? t(wrong === 'temperature' ? 'settings.temperatureRange' : 'settings.lengthRange', { max: wrong === 'temperature' ? limits.maxTemperature : limits.maxOutputTokens })
                          : value.maxOutputTokens === undefined
                            ? t('settings.priceDefault')
                            : t('settings.priceCap', { count: answerHoldCredits(model, 0, value.maxOutputTokens) })}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
        {error ? <p className="field__error" role="alert">{error}</p> : null}
      </div>
    </Modal>
  );
}

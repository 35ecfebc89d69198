import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo, InstructionPreset } from '../../../../../core/chat/index.js';
import {
  DEFAULT_CONTEXT_MESSAGES, MAX_CONTEXT_MESSAGES, MAX_INSTRUCTION_LENGTH, MIN_CONTEXT_MESSAGES, settingLimitsOf,
  type ContextMode, type ContextPolicy, type ConversationSettings, type ModelSettings,
} from '../../../../../core/chat/index.js';
import { answerHoldCredits } from '../../../../../core/credits/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Input, Select, Textarea } from '../../../ui/field.js';
import { Modal } from '../../../ui/modal.js';
import './settings-dialog.css';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  settings: ConversationSettings;
  /** The models whose temperature and length can be set here (the chat's models). */
  models: readonly ModelInfo[];
  /** The user's presets; undefined while they load. */
  presets: readonly InstructionPreset[] | undefined;
  onSave: (settings: ConversationSettings) => Promise<string | null>;
  /** Answers why the preset was not saved, or null: the dialog says it was (no toast over its buttons). */
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

type FieldError = 'temperature' | 'length';

/** A field left empty keeps the provider's default; what is typed is checked against the model's own limits, each field on its own. */
const parseModel = (draft: Draft[string], model: ModelInfo): { value: ModelSettings; errors: ReadonlySet<FieldError> } => {
  const limits = settingLimitsOf(model);
  const temperature = draft.temperature.trim() === '' ? undefined : Number(draft.temperature.replace(',', '.'));
  const maxOutputTokens = draft.maxOutputTokens.trim() === '' ? undefined : Number(draft.maxOutputTokens);
  const errors = new Set<FieldError>();
  if (temperature !== undefined && (!Number.isFinite(temperature) || temperature < 0 || temperature > (limits.maxTemperature ?? 0))) errors.add('temperature');
  if (maxOutputTokens !== undefined && (!Number.isInteger(maxOutputTokens) || maxOutputTokens < 1 || maxOutputTokens > limits.maxOutputTokens)) errors.add('length');
  if (errors.size > 0) return { value: {}, errors };
  return { value: { ...(temperature === undefined ? {} : { temperature }), ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) }, errors };
};

interface ContextDraft {
  readonly mode: ContextMode;
  readonly messages: string;
}

const toContextDraft = (context: ContextPolicy | undefined): ContextDraft => ({
  mode: context?.mode ?? 'all',
  messages: String(context?.messages ?? DEFAULT_CONTEXT_MESSAGES),
});

/** The context chosen, or null when its number of messages is not one that can be kept. The whole conversation is stored as no setting. */
const parseContext = (draft: ContextDraft): { value: ContextPolicy | undefined } | null => {
  if (draft.mode === 'all') return { value: undefined };
  const messages = Number(draft.messages.trim());
  if (draft.messages.trim() === '' || !Number.isInteger(messages) || messages < MIN_CONTEXT_MESSAGES || messages > MAX_CONTEXT_MESSAGES) return null;
  return { value: { mode: draft.mode, messages } };
};

/**
 * The conversation's system instruction (with the user's presets), what the models read of its
 * history, and each model's temperature and maximum answer length, where the model takes them; the
 * price an answer is held at follows the length. Settings of models not shown here are kept as they
 * were. On a phone its body scrolls between the title and the buttons, which stay in view.
 */
export function SettingsDialog({ open, onClose, settings, models, presets, onSave, onSavePreset, onDeletePreset }: SettingsDialogProps) {
  const { t } = useTranslation();
  const [instruction, setInstruction] = useState(settings.instruction);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings, models));
  const [context, setContext] = useState<ContextDraft>(() => toContextDraft(settings.context));
  const [presetName, setPresetName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [presetNote, setPresetNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const modelsHeading = useId();
  // Filled from the stored settings each time it opens, and only then: what is typed stays while
  // the page behind it changes (a preset saved, the balance refreshed).
  const latest = useRef({ settings, models });
  latest.current = { settings, models };
  useEffect(() => {
    if (!open) return;
    setInstruction(latest.current.settings.instruction);
    setDraft(toDraft(latest.current.settings, latest.current.models));
    setContext(toContextDraft(latest.current.settings.context));
    setError(null);
    setPresetNote(null);
  }, [open]);

  const parsed = models.map((m) => ({ model: m, ...parseModel(draft[m.id] ?? { temperature: '', maxOutputTokens: '' }, m) }));
  const chosenContext = parseContext(context);
  const invalid = parsed.some((p) => p.errors.size > 0) || chosenContext === null || instruction.length > MAX_INSTRUCTION_LENGTH;
  const typed = Number(context.messages.trim());
  const recentCount = Number.isInteger(typed) && typed >= MIN_CONTEXT_MESSAGES && typed <= MAX_CONTEXT_MESSAGES ? typed : DEFAULT_CONTEXT_MESSAGES;

  const save = async () => {
    if (invalid || chosenContext === null) return;
    const kept = Object.fromEntries(Object.entries(settings.models).filter(([id]) => !models.some((m) => m.id === id)));
    const shown = Object.fromEntries(parsed.filter((p) => Object.keys(p.value).length > 0).map((p) => [p.model.id, p.value]));
    setBusy(true);
    const failed = await onSave({
      instruction: instruction.trim(), models: { ...kept, ...shown }, ...(chosenContext.value ? { context: chosenContext.value } : {}),
    });
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };
  const savePreset = async () => {
    const name = presetName.trim();
    const refused = await onSavePreset(name, instruction.trim());
    setError(refused);
    setPresetNote(refused ? null : t('settings.presetSaved', { name }));
    if (!refused) setPresetName('');
  };
  const field = (id: string, key: 'temperature' | 'maxOutputTokens', value: string) =>
    setDraft((d) => ({ ...d, [id]: { ...(d[id] ?? { temperature: '', maxOutputTokens: '' }), [key]: value } }));
  const contextModes: readonly { mode: ContextMode; label: string }[] = [
    { mode: 'all', label: t('settings.context.all') },
    { mode: 'recent', label: t('settings.context.recent', { n: recentCount }) },
    { mode: 'summary', label: t('settings.context.summary', { n: recentCount }) },
  ];

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
            {(control) => <Input {...control} value={presetName} maxLength={80} onChange={(event) => { setPresetName(event.target.value); setPresetNote(null); }} />}
          </Field>
          <Button variant="secondary" size="sm" disabled={presetName.trim() === '' || instruction.trim() === ''} onClick={() => void savePreset()}>
            {t('settings.savePreset')}
          </Button>
        </div>
        {presetNote ? <p className="settings__note" role="status">{presetNote}</p> : null}
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
        <fieldset className="settings-context">
          <legend className="settings-context__legend">{t('settings.context.title')}</legend>
          <div className="settings-context__modes">
            {contextModes.map(({ mode, label }) => (
              <label key={mode} className="check settings-context__mode">
                <input type="radio" name="settings-context" value={mode} checked={context.mode === mode}
                  onChange={() => setContext((c) => ({ ...c, mode }))} />
                <span>{label}</span>
              </label>
            ))}
          </div>
          {context.mode === 'all' ? null : (
            <Field label={t('settings.context.messages')} hint={t('settings.context.messagesHint', { min: MIN_CONTEXT_MESSAGES, max: MAX_CONTEXT_MESSAGES })}
              error={chosenContext === null ? t('settings.context.messagesRange', { min: MIN_CONTEXT_MESSAGES, max: MAX_CONTEXT_MESSAGES }) : null}>
              {(control) => (
                <Input {...control} className="settings__number" type="number" inputMode="numeric" min={MIN_CONTEXT_MESSAGES} max={MAX_CONTEXT_MESSAGES} step={1}
                  value={context.messages} onChange={(event) => setContext((c) => ({ ...c, messages: event.target.value }))} />
              )}
            </Field>
          )}
          <p className="settings-context__cost muted">
            {context.mode === 'all' ? t('settings.context.costAll') : t(context.mode === 'recent' ? 'settings.context.costRecent' : 'settings.context.costSummary', { n: recentCount })}
          </p>
        </fieldset>
        {models.length > 0 ? (
          <section className="settings-models" aria-labelledby={modelsHeading}>
            <h3 className="settings-models__caption" id={modelsHeading}>{t('settings.perModel')}</h3>
            <div className="settings-models__head" aria-hidden="true">
              <span>{t('settings.model')}</span><span>{t('settings.temperature')}</span><span>{t('settings.maxLength')}</span>
            </div>
            <ul className="settings-models__list">
              {parsed.map(({ model, value, errors }) => {
                const limits = settingLimitsOf(model);
                const d = draft[model.id] ?? { temperature: '', maxOutputTokens: '' };
                return (
                  <li key={model.id} className="settings-models__row">
                    <span className="settings-models__name">{model.label}</span>
                    <div className="settings-models__cell">
                      <span className="settings-models__label" aria-hidden="true">{t('settings.temperature')}</span>
                      {limits.maxTemperature === null ? (
                        <span className="muted">{t('settings.noTemperature')}</span>
                      ) : (
                        <>
                          <input className="input settings__number" type="number" inputMode="decimal" min={0} max={limits.maxTemperature} step={0.1}
                            aria-label={t('settings.temperatureOf', { model: model.label, max: limits.maxTemperature })} placeholder={t('settings.default')}
                            aria-invalid={errors.has('temperature') || undefined} value={d.temperature} onChange={(event) => field(model.id, 'temperature', event.target.value)} />
                          {errors.has('temperature') ? (
                            <span className="settings__price field__error">{t('settings.temperatureRange', { max: limits.maxTemperature })}</span>
                          ) : null}
                        </>
                      )}
                    </div>
                    <div className="settings-models__cell">
                      <span className="settings-models__label" aria-hidden="true">{t('settings.maxLength')}</span>
                      <input className="input settings__number" type="number" inputMode="numeric" min={1} max={limits.maxOutputTokens} step={1}
                        aria-label={t('settings.maxLengthOf', { model: model.label, max: limits.maxOutputTokens })} placeholder={t('settings.default')}
                        aria-invalid={errors.has('length') || undefined} value={d.maxOutputTokens} onChange={(event) => field(model.id, 'maxOutputTokens', event.target.value)} />
                      <span className={errors.has('length') ? 'settings__price field__error' : 'settings__price muted'}>
                        {errors.has('length')
                          ? t('settings.lengthRange', { max: limits.maxOutputTokens })
                          : value.maxOutputTokens === undefined
                            ? t('settings.priceDefault')
                            : t('settings.priceCap', { count: answerHoldCredits(model, 0, value.maxOutputTokens) })}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {error ? <p className="field__error" role="alert">{error}</p> : null}
      </div>
    </Modal>
  );
}

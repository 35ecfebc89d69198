import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OWN_PROMPT_LIMITS, ownPromptProblems, type OwnPromptProblem, type PromptCategory } from '../../../../../core/prompts/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Input, Select, Textarea } from '../../../ui/field.js';
import { Modal } from '../../../ui/modal.js';
import type { LibraryPrompt } from './prompt-library.js';

export interface OwnPromptFields {
  readonly title: string;
  readonly description: string;
  readonly body: string;
  readonly category: string | null;
}

/**
 * "New prompt" and "Edit" of one's own prompt: title, description, the text with `{{name}}`
 * placeholders, and an optional category of the catalogue's. A field left empty or too long is
 * said beside it, in the reader's language, and nothing is sent; `onSave` answers an error message to
 * show (already in the reader's language), or null when saved.
 */
export function OwnPromptDialog({ open, editing, categories, onSave, onClose }: {
  open: boolean;
  /** The own prompt being edited; null for a new one. */
  editing: LibraryPrompt | null;
  categories: readonly PromptCategory[];
  onSave: (fields: OwnPromptFields) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [body, setBody] = useState('');
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<readonly OwnPromptProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const problemOf = (field: OwnPromptProblem['field']): string | null => {
    const found = problems.find((p) => p.field === field);
    return found ? t(`library.errors.${field}_${found.problem}`, { max: found.max }) : null;
  };

  useEffect(() => {
    if (!open) return;
    setTitle(editing?.title ?? '');
    setDescription(editing?.description ?? '');
    setBody(editing?.body ?? '');
    setCategory(editing?.category ?? '');
    setError(null);
    setProblems([]);
    setSaving(false);
  }, [open, editing]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const found = ownPromptProblems({ title, description, body });
    setProblems(found);
    if (found.length > 0) return setError(null);
    setSaving(true);
    const failed = await onSave({ title, description, body, category: category || null });
    setSaving(false);
    setError(failed);
  };

  return (
    <Modal open={open} wide title={t(editing ? 'library.editPrompt' : 'library.newPrompt')} onClose={onClose}
      footer={<>
        <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
        <Button busy={saving} onClick={() => void submit()}>{t('library.save')}</Button>
      </>}>
      <form className="own-prompt-form" onSubmit={(event) => void submit(event)}>
        {error ? <div className="alert alert--error" role="alert"><p>{error}</p></div> : null}
        <Field label={t('library.fieldTitle')} error={problemOf('title')}>
          {(control) => <Input {...control} value={title} maxLength={OWN_PROMPT_LIMITS.title} required data-autofocus onChange={(event) => setTitle(event.target.value)} />}
        </Field>
        <Field label={t('library.fieldDescription')} error={problemOf('description')}>
          {(control) => <Input {...control} value={description} maxLength={OWN_PROMPT_LIMITS.description} onChange={(event) => setDescription(event.target.value)} />}
        </Field>
        <Field label={t('library.fieldBody')} hint={t('library.fieldBodyHint', { example: '{{name}}' })} error={problemOf('body')}>
          {(control) => <Textarea {...control} value={body} rows={6} maxLength={OWN_PROMPT_LIMITS.body} required onChange={(event) => setBody(event.target.value)} />}
        </Field>
        <Field label={t('library.category')}>
          {(control) => (
            <Select {...control} value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value="">{t('library.noCategory')}</option>
              {categories.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
            </Select>
          )}
        </Field>
      </form>
    </Modal>
  );
}

/** "Delete" asks first: the prompt and its favourite are gone for good. */
export function DeleteOwnPromptDialog({ prompt, onConfirm, onClose }: { prompt: LibraryPrompt | null; onConfirm: (prompt: LibraryPrompt) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={prompt !== null} title={t('library.deleteTitle')} onClose={onClose}
      footer={prompt ? <>
        <Button variant="secondary" onClick={onClose} data-autofocus>{t('common.cancel')}</Button>
        <Button variant="danger" onClick={() => onConfirm(prompt)}>{t('library.deleteConfirm')}</Button>
      </> : null}>
      <p>{t('library.deleteBody', { title: prompt?.title ?? '' })}</p>
    </Modal>
  );
}

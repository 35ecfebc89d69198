import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateParameters } from '../../../../../core/prompts/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Input } from '../../../ui/field.js';
import { Modal } from '../../../ui/modal.js';
import { FavoriteToggle } from './favorite-toggle.js';
import type { LibraryPrompt } from './prompt-library.js';
import { PlayIcon } from '../../../ui/icons.js';

/**
 * The prompt viewer of app spec §2: id, title, category, the prompt itself, run and favourite. Each
 * `{{name}}` placeholder has a field; run fills the ones given and leaves the others as written.
 */
export function PromptViewer({ prompt, onClose, onRun, onToggleFavorite }: {
  prompt: LibraryPrompt | null;
  onClose: () => void;
  onRun: (prompt: LibraryPrompt, params: Readonly<Record<string, string>>) => void;
  onToggleFavorite: (prompt: LibraryPrompt) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const names = prompt ? templateParameters(prompt.body) : [];
  useEffect(() => setValues({}), [prompt?.id]);
  const run = (shown: LibraryPrompt) => onRun(shown, Object.fromEntries(Object.entries(values).filter(([name, value]) => names.includes(name) && value.trim() !== '')));
  return (
    <Modal open={prompt !== null} wide title={prompt?.title ?? ''} onClose={onClose}
      footer={prompt ? <>
        <FavoriteToggle withText favorite={prompt.favorite} title={prompt.title} onToggle={() => onToggleFavorite(prompt)} />
        <Button onClick={() => run(prompt)} data-autofocus icon={<PlayIcon />}>{t('library.run')}</Button>
      </> : null}>
      {prompt ? (
        <div className="prompt-viewer">
          <dl className="prompt-viewer__facts">
            <div><dt>{t('library.id')}</dt><dd><code>{prompt.id}</code></dd></div>
            <div><dt>{t('library.category')}</dt><dd>{prompt.categoryLabel || t('library.noCategory')}</dd></div>
          </dl>
          {prompt.description ? <p className="muted">{prompt.description}</p> : null}
          <pre className="prompt-viewer__body">{prompt.body}</pre>
          {names.length > 0 ? (
            <fieldset className="prompt-viewer__params">
              <legend>{t('library.params')}</legend>
              {names.map((name) => (
                <Field key={name} label={name}>
                  {(control) => <Input {...control} value={values[name] ?? ''} onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))} />}
                </Field>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.js';
import { Modal } from '../../../ui/modal.js';
import { FavoriteToggle } from './favorite-toggle.js';
import type { LibraryPrompt } from './prompt-library.js';
import { PlayIcon } from '../../../ui/icons.js';

/** The prompt viewer of app spec §2: id, title, category, the prompt itself, run and favourite. */
export function PromptViewer({ prompt, onClose, onRun, onToggleFavorite }: {
  prompt: LibraryPrompt | null;
  onClose: () => void;
  onRun: (prompt: LibraryPrompt) => void;
  onToggleFavorite: (prompt: LibraryPrompt) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={prompt !== null} wide title={prompt?.title ?? ''} onClose={onClose}
      footer={prompt ? <>
        <FavoriteToggle withText favorite={prompt.favorite} title={prompt.title} onToggle={() => onToggleFavorite(prompt)} />
        <Button onClick={() => onRun(prompt)} data-autofocus icon={<PlayIcon />}>{t('library.run')}</Button>
      </> : null}>
      {prompt ? (
        <div className="prompt-viewer">
          <dl className="prompt-viewer__facts">
            <div><dt>{t('library.id')}</dt><dd><code>{prompt.id}</code></dd></div>
            <div><dt>{t('library.category')}</dt><dd>{prompt.categoryLabel}</dd></div>
          </dl>
          {prompt.description ? <p className="muted">{prompt.description}</p> : null}
          <pre className="prompt-viewer__body">{prompt.body}</pre>
        </div>
      ) : null}
    </Modal>
  );
}

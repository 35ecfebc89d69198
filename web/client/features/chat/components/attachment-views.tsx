import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type AttachmentKind, type AttachmentRef } from '../../../../../core/chat/index.js';
import { Spinner } from '../../../ui/spinner.js';
import { CloseIcon, FileIcon } from '../../../ui/icons.js';

/** Where a sent image's thumbnail comes from: an object URL of its bytes (null when unreadable). */
export const AttachmentImageSource = createContext<((attachmentId: string) => Promise<string | null>) | null>(null);

/** A file in the composer, before and while it uploads. */
export interface ComposerFileView {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly kind: AttachmentKind | null;
  /** An image's local preview (an object URL of the chosen file). */
  readonly previewUrl: string | null;
  readonly status: 'uploading' | 'ready' | 'failed';
  /** Why it cannot be sent, with the limits where they are the reason. */
  readonly error: string | null;
}

function Thumbnail({ src, name }: { src: string | null; name: string }) {
  return src ? <img className="attachment__thumb" src={src} alt={name} /> : <span className="attachment__thumb attachment__thumb--empty" aria-hidden="true" />;
}

/** A sent image: its thumbnail once the bytes are read (through the app server, as the owner). */
function SentImage({ attachment }: { attachment: AttachmentRef }) {
  const source = useContext(AttachmentImageSource);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void source?.(attachment.id).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [source, attachment.id]);
  return (
    <li className="attachment attachment--image" title={`${attachment.name} · ${formatBytes(attachment.size)}`}>
      <Thumbnail src={src} name={attachment.name} />
    </li>
  );
}

/** The files a sent question carried: image thumbnails and file chips with name and size. */
export function SentAttachments({ attachments }: { attachments: readonly AttachmentRef[] }) {
  const { t } = useTranslation();
  return (
    <ul className="attachments attachments--sent" aria-label={t('attach.sentLabel')}>
      {attachments.map((a) =>
        a.kind === 'image' ? (
          <SentImage key={a.id} attachment={a} />
        ) : (
          <li key={a.id} className="attachment attachment--file">
            <FileIcon size={16} />
            <span className="attachment__name">{a.name}</span>
            <span className="attachment__size">{formatBytes(a.size)}</span>
          </li>
        ),
      )}
    </ul>
  );
}

/** The composer's files: previews, name and size, upload state, a refusal with its reason, and a remove button each. */
export function ComposerFiles({ files, onRemove }: { files: readonly ComposerFileView[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="attachments attachments--composer" aria-label={t('attach.listLabel')}>
      {files.map((f) => (
        <li key={f.key} className={`attachment attachment--pending${f.status === 'failed' ? ' attachment--failed' : ''}`} aria-busy={f.status === 'uploading' || undefined}>
          {f.kind === 'image' ? <Thumbnail src={f.previewUrl} name={f.name} /> : <FileIcon size={16} />}
          <span className="attachment__text">
            <span className="attachment__name">{f.name}</span>
            <span className="attachment__size">
              {formatBytes(f.size)}
              {f.status === 'uploading' ? <> · <Spinner /> {t('attach.uploading')}</> : null}
            </span>
            {f.error ? <span className="attachment__error" role="alert">{f.error}</span> : null}
          </span>
          <button type="button" className="attachment__remove" aria-label={t('attach.remove', { name: f.name })} onClick={() => onRemove(f.key)}>
            <CloseIcon size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

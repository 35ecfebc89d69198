import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, checkMessageImages, MAX_ATTACHMENTS_PER_MESSAGE, MB, type AttachmentRef, type AttachmentRefusal } from '../../../../../core/chat/index.js';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import type { ComposerFileView } from '../components/attachment-views.js';
import { useBlindNames } from './use-blind-compare.js';

interface ComposerFile extends ComposerFileView {
  readonly attachment: AttachmentRef | null;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A file size in the reader's language and units: "3.75 MB", "3,75 Mo", "120 kB". */
export function localBytes(bytes: number, language: string | undefined): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : bytes >= 1024 ? [bytes / 1024, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: bytes >= MB ? 2 : 0 }).format(value);
}

/** A refusal in the reader's language, with the limit that decided it. */
export function refusalText(t: Translate, language: string | undefined, name: string, size: number, refusal: AttachmentRefusal): string {
  if (refusal.reason === 'unsupported_type') return t('attach.errors.unsupported', { name });
  if (refusal.reason === 'too_large') {
    const key = refusal.kind === 'image' ? 'imageTooLarge' : refusal.kind === 'text' ? 'textTooLarge' : 'pdfTooLarge';
    return t(`attach.errors.${key}`, { name, size: localBytes(size, language), limit: localBytes(refusal.limit, language) });
  }
  return size === 0 ? t('attach.errors.empty', { name }) : t('attach.errors.badName', { name });
}

/**
 * An upload refused (here or by the server), in the reader's language by the refusal's reason and
 * figures (the server's own sentence is English): pixels or bytes over a limit, contents that are not
 * what the name says, a file that cannot be read; anything else did not reach the server.
 */
function uploadRefusalText(t: Translate, language: string | undefined, name: string, error: { code: string; details?: Readonly<Record<string, unknown>> }): string {
  const { maxSidePixels, width, height, reason, limit } = error.details ?? {};
  if (typeof maxSidePixels === 'number' && typeof width === 'number' && typeof height === 'number') {
    return t('attach.errors.imageTooWide', { name, width, height, max: maxSidePixels });
  }
  if (reason === 'too_large' && typeof limit === 'number') return t('attach.errors.overLimit', { name, limit: localBytes(limit, language) });
  if (reason === 'unsupported_type') return t('attach.errors.notAsNamed', { name });
  if (reason === 'invalid' || error.code === 'validation') return t('attach.errors.unreadable', { name });
  return t('attach.errors.uploadFailed', { name });
}

let sequence = 0;

/**
 * The composer's files: each is checked at once against the core's rules (a refusal shows its reason
 * and the limit, and the file is never sent), then uploaded; `take` hands the uploaded ones to a
 * message and empties the list. Image previews are local object URLs, released when the file goes.
 */
const NO_FILES: readonly AttachmentRef[] = [];

export function useComposerFiles(models: readonly ModelInfo[], selected: readonly string[]) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { uploadAttachment } = useUseCases();
  const [files, setFiles] = useState<readonly ComposerFile[]>([]);
  const live = useRef(files);
  live.current = files;
  useEffect(() => () => live.current.forEach((f) => f.previewUrl && URL.revokeObjectURL(f.previewUrl)), []);

  const update = (key: string, change: Partial<ComposerFile>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const add = useCallback(
    (chosen: File[]) => {
      const room = MAX_ATTACHMENTS_PER_MESSAGE - live.current.filter((f) => f.status !== 'failed').length;
      chosen.forEach((file, index) => {
        const key = `file-${++sequence}`;
        const checked = checkFile({ name: file.name, type: file.type, size: file.size });
        const kind = 'reason' in checked ? null : checked.kind;
        const error = index >= room ? t('attach.errors.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }) : 'reason' in checked ? refusalText(t, language, file.name, file.size, checked) : null;
        const previewUrl = kind === 'image' && error === null ? URL.createObjectURL(file) : null;
        const entry: ComposerFile = { key, name: file.name, size: file.size, kind, previewUrl, status: error ? 'failed' : 'uploading', error, attachment: null };
        setFiles((all) => [...all, entry]);
        if (error) return;
        void file.arrayBuffer().then(async (buffer) => {
          const uploaded = await uploadAttachment({ name: file.name, type: file.type, bytes: new Uint8Array(buffer) });
          if (uploaded.success) update(key, { status: 'ready', attachment: uploaded.data });
          else update(key, { status: 'failed', error: uploadRefusalText(t, language, file.name, uploaded.error) });
        });
      });
    },
    [t, language, uploadAttachment],
  );

  const remove = useCallback((key: string) => {
    const gone = live.current.find((f) => f.key === key);
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    setFiles((all) => all.filter((f) => f.key !== key));
  }, []);

  /** The uploaded files for a message; the list empties (failed ones go too). */
  const take = useCallback((): readonly AttachmentRef[] => {
    const ready = live.current.flatMap((f) => (f.attachment ? [f.attachment] : []));
    live.current.forEach((f) => f.previewUrl && URL.revokeObjectURL(f.previewUrl));
    // An empty list stays the same list: a message sent without files changes nothing here (nor the price worked out from it).
    setFiles((all) => (all.length === 0 ? all : []));
    return ready;
  }, []);

  /** Files of a message the server refused, back in the composer (already uploaded, no preview). */
  const restore = useCallback((attachments: readonly AttachmentRef[]) => {
    if (attachments.length === 0) return;
    setFiles((all) => [
      ...attachments.map((a): ComposerFile => ({ key: `file-${++sequence}`, name: a.name, size: a.size, kind: a.kind, previewUrl: null, status: 'ready', error: null, attachment: a })),
      ...all,
    ]);
  }, []);

  const uploading = files.some((f) => f.status === 'uploading');
  const images = files.filter((f) => f.kind === 'image' && f.status !== 'failed');
  const blind = images.length > 0 ? selected.map((id) => models.find((m) => m.id === id)).filter((m): m is ModelInfo => m !== undefined && m.supportsImages !== true) : [];
  // One request carries the images of one message: together they must fit in it.
  const imagesTooLarge = checkMessageImages(images.map((f) => ({ name: f.name, kind: 'image' as const, size: f.size })));
  // Beside a blind turn not yet voted on, the models that cannot read images are counted, not named.
  const namesHidden = useBlindNames().hidden;
  const blockedReason = blind.length > 0
    ? namesHidden ? t('attach.imagesNotSupportedHidden', { count: blind.length }) : t('attach.imagesNotSupported', { models: blind.map((m) => m.label).join(', ') })
    : imagesTooLarge
      ? t('attach.errors.imagesTooLarge', { limit: localBytes(imagesTooLarge.limit, language), size: localBytes(imagesTooLarge.total, language) })
      : uploading ? t('attach.waitForUploads') : null;
  // The uploaded files, as the next message's price counts them.
  const ready = useMemo(() => {
    const uploaded = files.flatMap((f) => (f.attachment ? [f.attachment] : []));
    return uploaded.length === 0 ? NO_FILES : uploaded;
  }, [files]);
  return { files, ready, add, remove, take, restore, blockedReason };
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_OWN_PROMPTS, type PromptCategory } from '../../../../../core/prompts/index.js';
import type { DomainError } from '../../../../../core/shared/index.js';
import { useLocation } from 'wouter';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { LIBRARY_PAGE_SIZE, PromptLibrary, type LibraryPrompt } from '../components/prompt-library.js';
import { DeleteOwnPromptDialog, OwnPromptDialog, type OwnPromptFields } from '../components/own-prompt-dialog.js';
import { useChatArea } from '../../chat/index.js';

/** Typing settles for this long before a search runs (and is counted: prompt_library_search). */
const SEARCH_DELAY_MS = 300;

/**
 * /chat/prompts: openPromptLibrary (prompt_library_opened), searchPrompts (prompt_library_search;
 * the next page of the same search, "Show more", is browsing and pushes nothing),
 * openPromptViewer (prompt_viewer_opened), runPrompt into a new chat (prompt_run) and
 * setPromptFavorite (prompt_favorite_changed) with the favourites filter; the user's own prompts
 * (createOwnPrompt, editOwnPrompt, deleteOwnPrompt) in the same list, with the "Mine" filter.
 */
export default function LibraryRoute() {
  const {
    openPromptLibrary, searchPrompts, listPromptCategories, openPromptViewer, runPrompt, setPromptFavorite, createOwnPrompt, editOwnPrompt, deleteOwnPrompt, toastCenter,
  } = useUseCases();
  // The library is shown, searched and run in the interface language (English where a prompt has no translation).
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const area = useChatArea();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [mineOnly, setMineOnly] = useState(false);
  // Bumped when an own prompt was saved or deleted: the same search runs again.
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<{ prompt: LibraryPrompt | null } | null>(null);
  const [deleting, setDeleting] = useState<LibraryPrompt | null>(null);
  const [categories, setCategories] = useState<readonly PromptCategory[]>([]);
  const [prompts, setPrompts] = useState<readonly LibraryPrompt[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const opened = useRef(false);
  // Bumped by every new search: a page asked for under an older one is dropped when it arrives.
  const generation = useRef(0);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void openPromptLibrary({ language }).then((r) => {
      if (!r.success) return setFailed(true);
      setCategories(r.data.categories);
      setPrompts(r.data.page.items);
      setTotal(r.data.page.total);
    });
  }, [openPromptLibrary]);

  // The language changed while the library is open: the category labels follow (the prompts do, below).
  const labelsIn = useRef(language);
  useEffect(() => {
    if (labelsIn.current === language) return;
    labelsIn.current = language;
    void listPromptCategories({ language }).then((r) => r.success && setCategories(r.data));
  }, [language, listPromptCategories]);

  const first = useRef(true);
  // The query of the last search that ran: a change of category or favourites alone is browsing.
  const lastQuery = useRef('');
  useEffect(() => {
    // The first page came with the opening; searches start with the first change.
    if (first.current) {
      first.current = false;
      return;
    }
    let live = true;
    const asked = ++generation.current;
    setLoadingMore(false);
    const timer = setTimeout(() => {
      const trimmed = query.trim();
      const newQuery = trimmed !== lastQuery.current;
      lastQuery.current = trimmed;
      void searchPrompts({ ...(trimmed ? { query } : {}), ...(category ? { category } : {}), favoritesOnly, mineOnly, newQuery, language }).then((r) => {
        if (!live || asked !== generation.current) return;
        setFailed(!r.success);
        if (r.success) {
          setPrompts(r.data.items);
          setTotal(r.data.total);
        }
      });
    }, query.trim() ? SEARCH_DELAY_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, category, favoritesOnly, mineOnly, reload, language, searchPrompts]);

  // The catalogue answers a page at a time: the next one continues the list, under the same search.
  const showMore = async () => {
    if (prompts === undefined || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    const trimmed = query.trim();
    const next = await searchPrompts({
      ...(trimmed ? { query } : {}), ...(category ? { category } : {}), favoritesOnly, mineOnly, newQuery: false, language, offset: prompts.length, limit: LIBRARY_PAGE_SIZE,
    });
    if (asked !== generation.current) return;
    setLoadingMore(false);
    if (!next.success) return void toastCenter.error(t('library.failed'));
    setPrompts((list) => {
      const known = new Set((list ?? []).map((p) => p.id));
      return [...(list ?? []), ...next.data.items.filter((p) => !known.has(p.id))];
    });
    setTotal(next.data.total);
  };

  /** A failure said in the reader's language: what the library knows of it, else that the action failed. */
  const said = (error: DomainError): string => {
    if (error.code === 'not_found') return t('library.errors.notFound');
    if (error.details?.['reason'] === 'too_many_prompts') return t('library.errors.tooMany', { max: MAX_OWN_PROMPTS });
    if (error.details?.['field'] === 'category') return t('library.errors.category');
    return t('toast.actionFailed');
  };

  const run = async (prompt: LibraryPrompt, params: Readonly<Record<string, string>>) => {
    const ran = await runPrompt({ promptId: prompt.id, params, language });
    if (!ran.success) return void toastCenter.error(said(ran.error));
    area.session.setDraft(ran.data.text, null);
    navigate('/');
  };

  const toggle = async (prompt: LibraryPrompt, source: string) => {
    const favorite = !prompt.favorite;
    const changed = await setPromptFavorite({ promptId: prompt.id, favorite, source });
    if (!changed.success) return void toastCenter.error(said(changed.error));
    if (favoritesOnly && !favorite) {
      // Unfavourited while only favourites are listed: it leaves the list, and the count with it.
      setPrompts((list) => list?.filter((p) => p.id !== prompt.id));
      setTotal((count) => Math.max(0, count - 1));
      return;
    }
    setPrompts((list) => list?.map((p) => (p.id === prompt.id ? { ...p, favorite } : p)));
  };

  const save = async (fields: OwnPromptFields): Promise<string | null> => {
    const prompt = editing?.prompt;
    const saved = prompt ? await editOwnPrompt({ ...fields, promptId: prompt.id }) : await createOwnPrompt({ ...fields, language });
    if (!saved.success) return said(saved.error);
    setEditing(null);
    setReload((n) => n + 1);
    return null;
  };

  const remove = async (prompt: LibraryPrompt) => {
    setDeleting(null);
    const deleted = await deleteOwnPrompt({ promptId: prompt.id });
    if (!deleted.success) return void toastCenter.error(said(deleted.error));
    setReload((n) => n + 1);
  };

  return (
    <>
    <PromptLibrary prompts={prompts} total={total} categories={categories} query={query} onQueryChange={setQuery} category={category}
      onCategoryChange={setCategory} favoritesOnly={favoritesOnly} onFavoritesOnlyChange={setFavoritesOnly} failed={failed}
      onShowMore={() => void showMore()} loadingMore={loadingMore}
      onOpen={(prompt) => void openPromptViewer({ promptId: prompt.id, language })}
      mineOnly={mineOnly} onMineOnlyChange={setMineOnly}
      onNew={() => setEditing({ prompt: null })} onEdit={(prompt) => setEditing({ prompt })} onDelete={setDeleting}
      onRun={(prompt, params) => void run(prompt, params)} onToggleFavorite={(prompt, source) => void toggle(prompt, source)} />
    <OwnPromptDialog open={editing !== null} editing={editing?.prompt ?? null} categories={categories} onSave={save} onClose={() => setEditing(null)} />
    <DeleteOwnPromptDialog prompt={deleting} onConfirm={(prompt) => void remove(prompt)} onClose={() => setDeleting(null)} />
    </>
  );
}

import { useState } from 'react';
import { PromptLibrary } from '../screens/library/prompt-library.js';

/** Wiring seam: search, categories, favourites and the library analytics come from the use cases. */
export default function LibraryRoute() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  return (
    <PromptLibrary prompts={undefined} total={0} categories={[]} query={query} onQueryChange={setQuery} category={category}
      onCategoryChange={setCategory} favoritesOnly={favoritesOnly} onFavoritesOnlyChange={setFavoritesOnly}
      onOpen={() => undefined} onRun={() => undefined} onToggleFavorite={() => undefined} />
  );
}

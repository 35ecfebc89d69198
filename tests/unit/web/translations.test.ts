import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../core/interface/index.js';

const root = join(import.meta.dirname, '..', '..', '..');
const localeFile = (lng: string) => join(root, 'web', 'public', 'locales', lng, 'translation.json');
const load = (lng: string): unknown => JSON.parse(readFileSync(localeFile(lng), 'utf8'));

/** Every leaf as "a.b.0.title" → text; arrays keep their indexes so lists must match in length. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = leaves(load('en'));

describe('translations: complete in six languages', () => {
  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))('%s has every key the English file has, and no other', (lng) => {
    const other = leaves(load(lng));
    const missing = [...english.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))('%s keeps every {{placeholder}} and leaves nothing empty', (lng) => {
    const other = leaves(load(lng));
    const broken = [...english].filter(([key, text]) => {
      const translated = other.get(key);
      return translated !== undefined && (translated.trim() === '' || placeholders(translated).join() !== placeholders(text).join());
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it('every translation key written literally in the client exists in English', () => {
    const namespaces = new Set([...english.keys()].map((k) => k.split('.')[0]));
    const used = sourceFiles(join(root, 'web', 'client'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['`]([a-zA-Z]+(?:\.[a-zA-Z0-9_-]+)+)['`]/g)].map((m) => m[1] as string))
      .filter((key) => namespaces.has(key.split('.')[0]) && !/\.(js|css|tsx?)$/.test(key));
    // A key used with a count resolves to its plural forms (key_one, key_other…), as i18next does.
    const plural = (key: string) => english.has(`${key}_one`) && english.has(`${key}_other`);
    const missing = [...new Set(used)].filter((key) => !english.has(key) && !plural(key) && ![...english.keys()].some((k) => k.startsWith(`${key}.`)));
    expect(missing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

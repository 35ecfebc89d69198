import { RestError } from './rest-error.js';

/** The answer's shape: a JSON array, one object (`.single()`), with null-valued keys left out or not. */
export interface ResponseMedia {
  readonly single: boolean;
  readonly stripNulls: boolean;
  /** `Accept: text/csv` (supabase-js `.csv()`). */
  readonly csv?: boolean;
}

interface Accepted {
  readonly mime: string;
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
  readonly quality: number;
  readonly order: number;
}

function parseAccept(header: string): Accepted[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, order) => {
      const [type = '', ...rest] = part.split(';').map((piece) => piece.trim());
      const params = new Map<string, string>();
      for (const piece of rest) {
        const eq = piece.indexOf('=');
        if (eq > 0) params.set(piece.slice(0, eq).trim().toLowerCase(), piece.slice(eq + 1).trim().replace(/^"|"$/g, ''));
      }
      const quality = Number(params.get('q') ?? '1');
      params.delete('q');
      return { mime: part.replace(/;\s*q=[^;]*/i, ''), type: type.toLowerCase(), params, quality: Number.isFinite(quality) ? quality : 1, order };
    })
    .filter((item) => item.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
}

/**
 * PostgREST's content negotiation for what the stand-in produces: JSON arrays and single objects (with
 * `nulls=stripped`) and CSV. GeoJSON and query plans (`application/vnd.pgrst.plan`, which hosted Supabase
 * has disabled by default) are refused with PGRST107 and 406, as PostgREST refuses a type it cannot produce.
 */
export function negotiateMedia(header: string | undefined): ResponseMedia {
  if (header === undefined) return plainJson;
  // Clients send the same few Accept headers over and over: each is read once.
  const known = negotiated.get(header);
  if (known) return known;
  const media = negotiate(header);
  if (negotiated.size >= 100) negotiated.delete(negotiated.keys().next().value as string);
  negotiated.set(header, media);
  return media;
}

const plainJson: ResponseMedia = { single: false, stripNulls: false };
const negotiated = new Map<string, ResponseMedia>();

function negotiate(header: string): ResponseMedia {
  if (header.trim() === '') return plainJson;
  const accepted = parseAccept(header);
  for (const item of accepted) {
    const stripNulls = item.params.get('nulls') === 'stripped';
    switch (item.type) {
      case '*/*':
      case 'application/json':
        return { single: false, stripNulls: false };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { single: false, stripNulls };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { single: true, stripNulls };
      case 'text/csv':
        return { single: false, stripNulls: false, csv: true };
      default:
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepted.map((item) => item.mime).join(', ') || header}`);
}

/** The Content-Type header of an answer in `media`. */
export function contentTypeOf(media: ResponseMedia): string {
  if (media.csv) return 'text/csv; charset=utf-8';
  const base = media.single ? 'application/vnd.pgrst.object+json' : media.stripNulls ? 'application/vnd.pgrst.array+json' : 'application/json';
  return `${base}${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
}

/** A request body's type: JSON (or none) is read; PostgREST's CSV and form bodies are refused. */
export function checkBodyType(header: string | undefined): void {
  const type = (header ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && type !== '' && !type.endsWith('+json')) {
    throw new RestError(415, 'PGRST102', `Content-Type not acceptable: ${type}`, 'the local stand-in reads JSON bodies only (no CSV, form or text bodies)');
  }
}

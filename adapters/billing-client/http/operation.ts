import { z } from 'zod';
import { camelize, type Camelize } from '../casing.js';
import { ERROR_CATALOGUE, type ProviderErrorName } from './error-catalogue.js';
import { HttpValidationError, ProviderError, validationDetailItem, type HttpFacts } from './errors.js';

/**
 * An operation describes one call of the billing API declaratively: method, path template, who
 * authenticates it, the wire (snake_case) schemas of its inputs, the answers it accepts and the typed
 * errors it can return. `HttpClient.call` does the rest. See adapters/billing/README.md.
 */
export type Security =
  /** The client's organization access token (bearer). */
  | 'accessToken'
  /** The access token when the client has one, nothing otherwise. */
  | 'optionalAccessToken'
  /** A customer session token given per call (`CallOptions.customerSession`). */
  | 'customerSession'
  /** Nothing: public calls authenticated by a secret in the path, or no auth at all. */
  | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An accepted answer: its status, whether it carries JSON, and how to turn it into the result. */
export interface SuccessSpec<T> {
  readonly status: number;
  readonly json: boolean;
  /** For non-JSON answers: the media type the answer must have (e.g. `text/csv`); any when absent. */
  readonly mediaType?: string;
  readonly schema: z.ZodType | undefined;
  readonly map: (wire: unknown) => T;
}

/** A typed error answer: JSON body of `status` matching `schema`. */
export interface ErrorSpec<E> {
  readonly status: number;
  readonly schema: z.ZodType;
  readonly build: (wire: never, http: HttpFacts) => E;
}

export interface Operation<PS, QS, BS, T, E> {
  readonly method: HttpMethod;
  /** Absolute path with `{wire_name}` placeholders, e.g. `/v1/checkouts/client/{client_secret}`. */
  readonly path: string;
  readonly security: Security;
  readonly pathParams: PS;
  readonly query: QS;
  readonly body: BS;
  readonly bodyEncoding: 'json' | 'form';
  /**
   * Where the body goes in the request object of a bound method (`http/bind.ts`) when the call also
   * has path or query parameters: the official SDK's key, e.g. `customerUpdate` in
   * `customers.update({ id, customerUpdate })`. A call with a body only takes the body itself.
   */
  readonly bodyKey: string | undefined;
  readonly responses: readonly SuccessSpec<T>[];
  readonly errors: readonly ErrorSpec<E>[];
}

type Schema = z.ZodType | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySuccess = SuccessSpec<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyError = ErrorSpec<any>;
type SuccessOf<RS> = RS extends readonly (infer S)[] ? (S extends SuccessSpec<infer T> ? T : never) : never;
type ErrorOf<ES> = ES extends readonly (infer S)[] ? (S extends ErrorSpec<infer E> ? E : never) : never;

export function operation<
  const S extends Security,
  const PS extends Schema = undefined,
  const QS extends Schema = undefined,
  const BS extends Schema = undefined,
  const RS extends readonly AnySuccess[] = readonly AnySuccess[],
  const ES extends readonly AnyError[] = readonly [],
  const BK extends string | undefined = undefined,
>(spec: {
  method: HttpMethod;
  path: string;
  security: S;
  pathParams?: PS;
  query?: QS;
  body?: BS;
  bodyEncoding?: 'json' | 'form';
  bodyKey?: BK;
  responses: RS;
  errors?: ES;
}): Operation<PS, QS, BS, SuccessOf<RS>, ErrorOf<ES>> & { readonly security: S; readonly bodyKey: BK } {
  return {
    method: spec.method,
    path: spec.path,
    security: spec.security,
    pathParams: spec.pathParams as PS,
    query: spec.query as QS,
    body: spec.body as BS,
    bodyEncoding: spec.bodyEncoding ?? 'json',
    bodyKey: spec.bodyKey as BK,
    responses: spec.responses,
    errors: spec.errors ?? [],
  };
}

/** A JSON answer validated by `schema` and handed out camelCase. */
export const json = <S extends z.ZodType>(status: number, schema: S): SuccessSpec<Camelize<z.output<S>>> => ({
  status,
  json: true,
  schema,
  map: (wire) => camelize(wire as z.output<S>),
});

/** An answer whose body is ignored (204, 202 without body). */
export const empty = (status: number): SuccessSpec<void> => ({
  status,
  json: false,
  schema: undefined,
  map: () => undefined,
});

/** A text answer of the given media type (e.g. the CSV subscriptions export), handed out as a string. */
export const text = (status: number, mediaType: string): SuccessSpec<string> => ({
  status,
  json: false,
  mediaType,
  schema: undefined,
  map: (raw) => String(raw),
});

/** One or several named errors `{"error": "<Name>", "detail": "..."}` sharing a status. */
export function named<const N extends ProviderErrorName>(...names: [N, ...N[]]): ErrorSpec<ProviderError<N>>[] {
  return names.map((name) => ({
    status: ERROR_CATALOGUE[name],
    schema: z.object({ error: z.literal(name), detail: z.string() }),
    build: (wire: { error: N; detail: string }, http: HttpFacts) => new ProviderError(wire.error, wire.detail, http),
  })) as ErrorSpec<ProviderError<N>>[];
}

/** 422 `{detail: [{loc, msg, type}]}`; `detail` may be absent (SDK 0.48). */
export const httpValidation: ErrorSpec<HttpValidationError> = {
  status: 422,
  schema: z.object({ detail: z.array(validationDetailItem).optional() }),
  build: (wire: { detail?: z.infer<typeof validationDetailItem>[] }, http: HttpFacts) =>
    new HttpValidationError(wire.detail ?? [], http),
};

/** Client-side (camelCase) shape of a wire schema's input. */
export type ClientInput<S> = S extends z.ZodType ? Camelize<z.input<S>> : never;

type Part<K extends string, S> = S extends z.ZodType
  ? Record<never, never> extends ClientInput<S>
    ? { readonly [P in K]?: ClientInput<S> }
    : { readonly [P in K]: ClientInput<S> }
  : { readonly [P in K]?: never };

/** What `HttpClient.call` takes for an operation: camelCase `path`, `query` and `body` objects. */
export type OperationInput<Op> =
  Op extends Operation<infer PS, infer QS, infer BS, unknown, unknown> ? Part<'path', PS> & Part<'query', QS> & Part<'body', BS> : never;

export type OperationOutput<Op> = Op extends Operation<unknown, unknown, unknown, infer T, unknown> ? T : never;
export type OperationError<Op> = Op extends Operation<unknown, unknown, unknown, unknown, infer E> ? E : never;

import { domainError, PARAMETER_TYPE_MESSAGE, type DomainError, fail, ok, type Result } from '../../shared/index.js';

export type TemplateParams = Readonly<Record<string, unknown>>;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** Names of the `{{name}}` placeholders of a template, each once, in order of appearance. */
export const templateParameters = (template: string): readonly string[] => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string)),
];

/**
 * Fills `{{name}}` placeholders. app spec §8: a parameter that is not a string or number fails with
 * "Parameter must be a string or number". Placeholders without a parameter stay as written, so a
 * prompt can be run before the user fills it in. No escaping (app spec §9: interpolation escaping is off).
 */
export const interpolate = (template: string, params: TemplateParams): Result<string, DomainError> => {
  for (const [name, value] of Object.entries(params)) {
    const isNumber = typeof value === 'number' && Number.isFinite(value);
    if (typeof value !== 'string' && !isNumber) {
      return fail(domainError('validation', PARAMETER_TYPE_MESSAGE, { parameter: name, received: typeof value }));
    }
  }
  return ok(
    template.replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    ),
  );
};

import type { ValidationItem } from '../../domain/provider-failure.js';

/**
 * Checks a checkout's `custom_field_data` against the fields attached to its product. Required
 * fields are enforced only when `confirming` (the provider lets a customer fill the form step by
 * step); a required checkbox must be ticked.
 */
export interface FieldSpec {
  readonly slug: string;
  readonly type: 'text' | 'number' | 'date' | 'checkbox' | 'select';
  readonly required: boolean;
  readonly properties: Readonly<Record<string, unknown>>;
}

const item = (slug: string, type: string, msg: string, input: unknown): ValidationItem => ({
  type,
  loc: ['body', 'custom_field_data', slug],
  msg,
  input,
});

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function checkValue(field: FieldSpec, value: unknown): ValidationItem | null {
  const p = field.properties;
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return item(field.slug, 'string_type', 'Input should be a valid string', value);
      const min = num(p.min_length);
      const max = num(p.max_length);
      if (min !== undefined && value.length < min) return item(field.slug, 'string_too_short', `String should have at least ${min} characters`, value);
      if (max !== undefined && value.length > max) return item(field.slug, 'string_too_long', `String should have at most ${max} characters`, value);
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return item(field.slug, 'int_type', 'Input should be a valid integer', value);
      const ge = num(p.ge);
      const le = num(p.le);
      if (ge !== undefined && value < ge) return item(field.slug, 'greater_than_equal', `Input should be greater than or equal to ${ge}`, value);
      if (le !== undefined && value > le) return item(field.slug, 'less_than_equal', `Input should be less than or equal to ${le}`, value);
      return null;
    }
    case 'date': {
      const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
      if (Number.isNaN(time)) return item(field.slug, 'date_parsing', 'Input should be a valid date in the format YYYY-MM-DD', value);
      // ge/le of a date field are unix timestamps (seconds)
      const ge = num(p.ge);
      const le = num(p.le);
      if (ge !== undefined && time / 1000 < ge) return item(field.slug, 'greater_than_equal', 'Date is too early', value);
      if (le !== undefined && time / 1000 > le) return item(field.slug, 'less_than_equal', 'Date is too late', value);
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : item(field.slug, 'bool_type', 'Input should be a valid boolean', value);
    case 'select': {
      const options = (p.options as { value: string }[] | undefined) ?? [];
      if (typeof value !== 'string' || !options.some((o) => o.value === value)) {
        return item(field.slug, 'enum', `Input should be ${options.map((o) => `'${o.value}'`).join(' or ')}`, value);
      }
      return null;
    }
  }
}

export function customFieldDataErrors(fields: readonly FieldSpec[], data: Readonly<Record<string, unknown>>, confirming: boolean): ValidationItem[] {
  const errors: ValidationItem[] = [];
  for (const field of fields) {
    const value = data[field.slug];
    const empty = value === undefined || value === null || value === '' || (field.type === 'checkbox' && value === false);
    if (empty) {
      if (confirming && field.required) errors.push(item(field.slug, 'missing', 'Field required', value ?? null));
      continue;
    }
    const error = checkValue(field, value);
    if (error !== null) errors.push(error);
  }
  return errors;
}

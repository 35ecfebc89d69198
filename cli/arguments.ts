import { InvalidArgumentError } from 'commander';
import { usageError } from './errors.js';

/** Argument parsers: a bad value is a usage error (exit 2) naming the option and what it takes. */

export const positiveInt =
  (name: string, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`${name} takes a whole number, not "${value}".`);
    const n = Number(value);
    if (n < 1 || n > max) throw new InvalidArgumentError(`${name} must be between 1 and ${max}.`);
    return n;
  };

/** A whole number of seconds, 0 or more (at most a year). */
export const seconds =
  (name: string) =>
  (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`${name} takes a whole number of seconds, not "${value}".`);
    const n = Number(value);
    if (n > 366 * 24 * 3600) throw new InvalidArgumentError(`${name} must be at most ${366 * 24 * 3600} seconds (a year).`);
    return n;
  };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Billing ids are UUIDs; saying so here beats the provider's 422 on `path.id`. */
export const billingId =
  (noun: string) =>
  (value: string): string => {
    const id = value.trim();
    if (!UUID.test(id)) throw new InvalidArgumentError(`${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} id is a UUID (like 3f2a0c4e-1111-4222-8333-444455556666); "${value}" is not one.`);
    return id.toLowerCase();
  };

export const isoDay =
  (name: string) =>
  (value: string): string => {
    const day = value.trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      throw new InvalidArgumentError(`${name} takes a date as YYYY-MM-DD, not "${value}".`);
    }
    return day;
  };

export const nonEmpty =
  (name: string) =>
  (value: string): string => {
    if (value.trim() === '') throw new InvalidArgumentError(`${name} must not be empty.`);
    return value.trim();
  };

/** Runs a parser on a value read inside an action (not by commander): a bad value is a usage error. */
export function checked<T>(parse: (value: string) => T, value: string): T {
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof InvalidArgumentError) throw usageError(error.message);
    throw error;
  }
}

export const maxLength =
  (name: string, max: number) =>
  (value: string): string => {
    const text = value.trim();
    if (text === '') throw new InvalidArgumentError(`${name} must not be empty.`);
    if (text.length > max) throw new InvalidArgumentError(`${name} takes at most ${max} characters, not ${text.length}.`);
    return text;
  };

import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { billingId, checked, isoDay, nonEmpty, positiveInt } from '../../../cli/arguments.js';
import { CliError } from '../../../cli/errors.js';

describe('CLI: bad arguments are usage errors naming the option', () => {
  it('positiveInt takes whole numbers within bounds', () => {
    expect(positiveInt('--amount')('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'ten', '']) expect(() => positiveInt('--amount')(bad)).toThrow(InvalidArgumentError);
    expect(() => positiveInt('--limit', 100)('101')).toThrow('--limit must be between 1 and 100.');
  });

  it('billingId takes a UUID (lower-cased) and names the noun otherwise', () => {
    expect(billingId('order')(' 3F2A0C4E-1111-4222-8333-444455556666 ')).toBe('3f2a0c4e-1111-4222-8333-444455556666');
    expect(() => billingId('order')('ord_123')).toThrow(/^an order id is a UUID/);
  });

  it('isoDay takes real calendar days only', () => {
    expect(isoDay('--from')('2026-02-28')).toBe('2026-02-28');
    for (const bad of ['2026-02-30', '2026-2-1', '01/02/2026', 'yesterday']) expect(() => isoDay('--from')(bad)).toThrow('--from takes a date as YYYY-MM-DD');
  });

  it('nonEmpty trims and refuses blanks', () => {
    expect(nonEmpty('--reason')('  outage ')).toBe('outage');
    expect(() => nonEmpty('--reason')('   ')).toThrow('--reason must not be empty.');
  });

  it('checked turns a parser refusal inside an action into a usage error (exit 2)', () => {
    try {
      checked(billingId('product'), 'nope');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
    }
  });
});

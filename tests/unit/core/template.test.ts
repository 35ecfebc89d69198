import { describe, expect, it } from 'vitest';
import { interpolate, templateParameters } from '../../../core/prompts/index.js';
import { PARAMETER_TYPE_MESSAGE } from '../../../core/shared/index.js';

describe('template parameters (app spec §8, §9)', () => {
  it('app §8: string and number parameters fill their placeholders', () => {
    expect(interpolate('Hello {{name}}, you have {{ count }} credits', { name: 'Ada', count: 12 })).toEqual({
      success: true,
      data: 'Hello Ada, you have 12 credits',
    });
  });

  it('app §8: any other parameter type fails with "Parameter must be a string or number"', () => {
    for (const value of [true, null, undefined, { a: 1 }, ['x'], Number.NaN, Symbol('s')]) {
      expect(interpolate('Hi {{name}}', { name: value })).toEqual({
        success: false,
        error: expect.objectContaining({ code: 'validation', message: PARAMETER_TYPE_MESSAGE }),
      });
    }
    expect(PARAMETER_TYPE_MESSAGE).toBe('Parameter must be a string or number');
  });

  it('app §9: interpolation escaping is off', () => {
    expect(interpolate('{{html}}', { html: '<b>&</b>' })).toEqual({ success: true, data: '<b>&</b>' });
  });

  it('placeholders without a parameter stay as written; names are listed once', () => {
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toEqual({ success: true, data: '1 and {{b}}' });
    expect(templateParameters('{{a}} {{b}} {{ a }}')).toEqual(['a', 'b']);
  });
});

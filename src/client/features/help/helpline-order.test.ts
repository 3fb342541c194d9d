import { describe, expect, it } from 'vitest';
import { browserCountries, orderHelplines, telHref } from './helpline-order';

describe('helplines in the member’s order', () => {
  it('reads countries from the browser’s languages: the named region, else the likely one', () => {
    expect(browserCountries(['en-GB', 'de', 'en-GB', 'not a tag!'])).toEqual(['GB', 'DE']);
  });

  it('puts the member’s countries first and keeps the admin’s order otherwise', () => {
    const lines = ['US', 'GB', 'DE', 'GB'].map((country, index) => ({ country, name: `${country}${index}` }));
    expect(orderHelplines(lines, ['DE', 'GB']).map((line) => line.name)).toEqual([
      'DE2',
      'GB1',
      'GB3',
      'US0',
    ]);
    expect(orderHelplines(lines, []).map((line) => line.name)).toEqual(['US0', 'GB1', 'DE2', 'GB3']);
  });

  it('dials the digits only', () => {
    expect(telHref('+44 (0) 116-123')).toBe('tel:+440116123');
  });
});

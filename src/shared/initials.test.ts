import { describe, expect, it } from 'vitest';
import { getFullName, getInitials } from './initials';

describe('getInitials', () => {
  it.each([
    [{ firstName: 'Maya', lastName: 'Lindqvist' }, 'ML'],
    [{ firstName: 'maya', lastName: 'lindqvist' }, 'ML'],
    [{ firstName: '  Ada ', lastName: ' Okafor' }, 'AO'],
    [{ firstName: 'Maya', lastName: null }, 'M'],
    [{ firstName: null, lastName: 'Lindqvist' }, 'L'],
    [{ firstName: null, lastName: null }, 'U'],
    [{ firstName: '', lastName: '   ' }, 'U'],
    [{}, 'U'],
    [{ firstName: 'Émile', lastName: 'Zola' }, 'ÉZ'],
  ])('%o gives %s', (name, expected) => {
    expect(getInitials(name)).toBe(expected);
  });
});

describe('getFullName', () => {
  it.each([
    [{ firstName: 'Maya', lastName: 'Lindqvist' }, 'Maya Lindqvist'],
    [{ firstName: 'Maya', lastName: null }, 'Maya'],
    [{ firstName: null, lastName: 'Lindqvist' }, 'Lindqvist'],
    [{ firstName: ' ', lastName: null }, null],
  ])('%o gives %s', (name, expected) => {
    expect(getFullName(name)).toBe(expected);
  });
});

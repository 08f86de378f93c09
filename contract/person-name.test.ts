import { describe, expect, it } from 'vitest';
import { fullName, fullNameOrNull } from './person-name';

describe('fullName', () => {
  it('joins first and last name with one space, and drops an empty last name', () => {
    expect(fullName({ firstName: 'Olga', lastName: 'Operadora' })).toBe('Olga Operadora');
    expect(fullName({ firstName: 'Olga', lastName: '' })).toBe('Olga');
    expect(fullName({ firstName: 'Olga', lastName: null })).toBe('Olga');
  });

  it('is null for a person who is not there', () => {
    expect(fullNameOrNull(null, null)).toBeNull();
    expect(fullNameOrNull('Olga', 'Operadora')).toBe('Olga Operadora');
  });
});

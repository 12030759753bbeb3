import { describe, expect, it } from 'vitest';
import { withoutStatementLeadIn } from './alignment.js';

describe('withoutStatementLeadIn', () => {
  it('drops the opening every statement of a kind shares, in any case', () => {
    expect(withoutStatementLeadIn('Knowledge of computer networking concepts and protocols')).toBe(
      'computer networking concepts and protocols',
    );
    expect(withoutStatementLeadIn('  Skill in  writing code in a programming language')).toBe(
      'writing code in a programming language',
    );
    expect(withoutStatementLeadIn('SKILL TO identify cybersecurity threats')).toBe(
      'identify cybersecurity threats',
    );
    expect(withoutStatementLeadIn('Ability to communicate complex concepts')).toBe(
      'communicate complex concepts',
    );
  });

  it('leaves other texts as they are', () => {
    expect(withoutStatementLeadIn('Knowledgeable staff')).toBe('Knowledgeable staff');
    expect(withoutStatementLeadIn('Web and Mobile Security')).toBe('Web and Mobile Security');
    expect(withoutStatementLeadIn('Knowledge of')).toBe('Knowledge of');
  });
});

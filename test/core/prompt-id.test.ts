import { describe, expect, it } from 'vitest';
import { resumePromptId, splitPromptId } from '../../shared/core/prompt-id';

describe('prompt ids', () => {
  it.each([
    ['p-cap', { base: 'p-cap', attempt: 0 }],
    ['p-cap~resume-1', { base: 'p-cap', attempt: 1 }],
    ['p-cap~resume-4', { base: 'p-cap', attempt: 4 }],
    ['a~resume-1~resume-2', { base: 'a~resume-1', attempt: 2 }],
    ['p~resume-0', { base: 'p~resume-0', attempt: 0 }],
    ['p~resume-01', { base: 'p~resume-01', attempt: 0 }],
    ['p~resume-x', { base: 'p~resume-x', attempt: 0 }],
    ['~resume-3', { base: '~resume-3', attempt: 0 }],
  ])('splits %s', (promptId, expected) => {
    expect(splitPromptId(promptId)).toEqual(expected);
  });

  it('builds the id of each attempt from the base', () => {
    expect(resumePromptId('p-cap', 1)).toBe('p-cap~resume-1');
    expect(splitPromptId(resumePromptId('p-cap', 3))).toEqual({ base: 'p-cap', attempt: 3 });
  });

  it('refuses an attempt below 1', () => {
    expect(() => resumePromptId('p', 0)).toThrow(/attempt must be an integer ≥ 1/);
  });
});

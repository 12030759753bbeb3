import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TAGS_PER_CONTENT_MAX, TAG_LENGTH_MAX } from '@portal/shared/limits';
import { KeywordsEditor } from './keywords-editor';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [keywords, setKeywords] = useState(initial);
  return (
    <>
      <KeywordsEditor value={keywords} onChange={setKeywords} />
      <output data-testid="keywords">{JSON.stringify(keywords)}</output>
    </>
  );
}

const keywords = () => JSON.parse(screen.getByTestId('keywords').textContent ?? '[]') as string[];
const input = () => screen.getByRole('textbox', { name: 'Search keywords' }) as HTMLInputElement;

describe('search keywords editor (000 §5)', () => {
  it('adds by Enter and by the plus icon; ignores empty input and duplicates in any case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '  Buffer overflow {Enter}');
    expect(keywords()).toEqual(['Buffer overflow']);
    await user.type(input(), 'shellcode');
    await user.click(screen.getByRole('button', { name: 'Add keyword' }));
    expect(keywords()).toEqual(['Buffer overflow', 'shellcode']);
    await user.type(input(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add keyword' }));
    expect(keywords()).toEqual(['Buffer overflow', 'shellcode']);
    await user.type(input(), 'BUFFER OVERFLOW{Enter}');
    expect(keywords()).toEqual(['Buffer overflow', 'shellcode']);
    expect(screen.getByText('"BUFFER OVERFLOW" is already a keyword.')).toBeInTheDocument();
    expect(input().value).toBe('');
  });

  it('takes at most 50 characters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), `${'k'.repeat(TAG_LENGTH_MAX + 5)}{Enter}`);
    expect(keywords()).toEqual(['k'.repeat(TAG_LENGTH_MAX)]);
  });

  it('is disabled at 20 keywords and enabled again when one is removed', async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: TAGS_PER_CONTENT_MAX }, (_, i) => `word ${i}`);
    render(<Harness initial={full} />);
    expect(input().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add keyword' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(`At most ${TAGS_PER_CONTENT_MAX} search keywords: remove one to add another.`),
    ).toBeInTheDocument();
    const chip = screen.getByText('word 3').closest('[role="button"]') as HTMLElement;
    chip.focus();
    await user.keyboard('{Backspace}');
    expect(keywords()).toHaveLength(TAGS_PER_CONTENT_MAX - 1);
    expect(input().disabled).toBe(false);
  });
});

/** Search results explain themselves: the partial-match notice, acronyms also searched, document matches. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { makeSearchResponse, makeSummary } from '../../../testing/fixtures';
import { SearchResults } from './search-results';

const noop = () => undefined;

function show(data: ReturnType<typeof makeSearchResponse>) {
  render(
    <SearchResults
      title="Search results"
      data={data}
      isFetching={false}
      isError={false}
      pageIndex={0}
      onNext={noop}
      onPrevious={noop}
      showStatus={false}
    />,
  );
}

describe('SearchResults', () => {
  it('shows the partial-match notice and what was also searched for', () => {
    show(makeSearchResponse({ isPartialMatch: true, alsoSearchedFor: ['IAM'] }));
    expect(screen.getByText(MESSAGES.partialMatch)).toBeInTheDocument();
    expect(screen.getByText('IAM', { selector: 'strong' }).parentElement?.textContent).toBe(
      'Also searched for: IAM',
    );
  });

  it('names the file a result matched in, with the found words marked when a snippet is given', () => {
    const withSnippet = makeSummary({
      name: 'Spectre Attack Lab',
      documentMatch: {
        fileName: 'Spectre handout',
        snippet: [
          { text: 'modern CPUs use ', isMatch: false },
          { text: 'speculative', isMatch: true },
          { text: ' ', isMatch: false },
          { text: 'execution', isMatch: true },
        ],
      },
    });
    const without = makeSummary({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Meltdown Attack Lab',
      documentMatch: { fileName: 'Meltdown handout', snippet: null },
    });
    show(makeSearchResponse({ items: [withSnippet, without], total: 2 }));
    const first = screen.getByRole('link', { name: 'Spectre Attack Lab' }).closest('article')!;
    expect(within(first).getByText('Spectre handout')).toBeInTheDocument();
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'speculative',
      'execution',
    ]);
    const second = screen.getByRole('link', { name: 'Meltdown Attack Lab' }).closest('article')!;
    expect(within(second).getByText(/Matched in its documents/).textContent).toContain('Meltdown handout');
    expect(second.querySelectorAll('mark')).toHaveLength(0);
    expect(within(second).queryByTestId('document-snippet')).toBeNull();
  });
});

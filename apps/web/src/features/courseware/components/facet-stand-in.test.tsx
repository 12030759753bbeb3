import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../../testing/render-component';
import type { Contributor } from '@portal/shared/schemas/contributors';
import { EMPTY_SEARCH_STATE, type SearchState } from '../lib/search-state';
import { SearchPanel } from './search-panel';

const STATE: SearchState = {
  ...EMPTY_SEARCH_STATE,
  educationLevels: ['universityundergraduate', 'graduatestudent'],
  experienceLevels: ['intermediate'],
  ksaIds: ['ksa-K0001'],
  tags: ['lab'],
};

const ADA: Contributor = {
  id: '00000000-0000-4000-8000-000000000001',
  prefix: null,
  firstName: 'Ada',
  middleName: null,
  lastName: 'Lovelace',
  suffix: null,
  title: null,
  school: 'Analytical College',
  email: null,
  portraitFileId: null,
};

const renderPanel = (onSearch = vi.fn()) =>
  renderComponent(
    <SearchPanel
      state={STATE}
      facets={undefined}
      knowledge={[]}
      isKnowledgeLoading={false}
      onKnowledgeWanted={vi.fn()}
      contributors={[ADA]}
      isContributorsLoading={false}
      onContributorsWanted={vi.fn()}
      onSearch={onSearch}
    />,
  );

describe('the facet controls of the search panel (issue 34: loaded on demand)', () => {
  it('shows each filter as a combobox stand-in with its label and what the search has chosen', () => {
    renderPanel();
    const combobox = (name: RegExp) => screen.getByRole('combobox', { name });
    expect(combobox(/^Education levels/)).toHaveTextContent('2 selected');
    expect(combobox(/^Experience levels/)).toHaveTextContent('Intermediate');
    expect(combobox(/^Tags/)).toHaveTextContent('Lab');
    // As the Autocomplete shows it: the count is the placeholder, the field itself empty.
    expect((combobox(/^KSA$/) as HTMLInputElement).placeholder).toBe('1 selected');
    expect((combobox(/^KSA$/) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('combobox', { expanded: false })).toHaveLength(10);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens a Select stand-in on one click: the real list, with the choice sent to the search', async () => {
    const onSearch = vi.fn();
    const { user } = renderPanel(onSearch);
    await user.click(screen.getByRole('combobox', { name: /^Content categories/ }));
    const list = await screen.findByRole('listbox', {}, { timeout: 20_000 });
    await user.click(within(list).getByRole('option', { name: /^Exercise/ }));
    expect(onSearch).toHaveBeenCalledWith({ ...STATE, contentCategories: ['exercise'] });
  });

  it('opens an Autocomplete stand-in by ArrowDown, with the focus in the real field', async () => {
    const { user } = renderPanel();
    screen.getByRole('combobox', { name: 'Contributors' }).focus();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', {}, { timeout: 20_000 });
    expect(within(list).getByRole('option', { name: /Ada Lovelace/ })).toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Contributors' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveFocus();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../../testing/render-component';
import { EMPTY_SEARCH_STATE } from '../lib/search-state';
import { SearchFiltersPlaceholder } from './search-filter-fields';

describe('the facet controls before their code has loaded (issue 22)', () => {
  it('shows each filter as a disabled field with its label and what the search has chosen', () => {
    renderComponent(
      <SearchFiltersPlaceholder
        state={{
          ...EMPTY_SEARCH_STATE,
          educationLevels: ['universityundergraduate', 'graduatestudent'],
          experienceLevels: ['intermediate'],
          ksaIds: ['ksa-K0001'],
          tags: ['lab'],
        }}
      />,
    );
    const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    expect(field('Education levels').value).toBe('2 selected');
    expect(field('Experience levels').value).toBe('Intermediate');
    expect(field('Content categories').value).toBe('');
    expect(field('KSA').value).toBe('1 selected');
    expect(field('Tags').value).toBe('Lab');
    const fields = screen.getAllByRole('textbox');
    expect(fields).toHaveLength(10);
    for (const input of fields) expect(input).toBeDisabled();
  });
});

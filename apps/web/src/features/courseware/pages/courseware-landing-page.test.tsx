import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { RESULT_DESCRIPTION_TRIM, SEARCH_CHIP_TEXT_MAX } from '@portal/shared/limits';
import {
  KNOWLEDGE,
  makeContributor,
  makeEnv,
  makeSearchResponse,
  makeSession,
  makeSummary,
} from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const contributor = makeContributor();

function api(search: MockHandler = () => makeSearchResponse(), extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [contributor], nextPageToken: null }),
    'GET /api/v1/content/search': search,
    ...extra,
  });
}

const searchRequests = (requests: ReturnType<typeof api>['requests']) =>
  requests.filter((request) => request.url.pathname === '/api/v1/content/search');

describe('courseware landing page', () => {
  it('shows the title, the search panel and the landing links, and loads knowledge before entering', async () => {
    const { requests } = api();
    renderApp('/courseware', { env: makeEnv({ coursewareIndexUrl: 'https://example.edu/index' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Courseware' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search courseware' })).toBeInTheDocument();
    const start = screen.getByRole('navigation', { name: 'Start here' });
    expect(
      within(start)
        .getByRole('link', { name: /Browse the repository/ })
        .getAttribute('href'),
    ).toBe('/courseware?browse=1');
    expect(
      within(start)
        .getByRole('link', { name: /Recent content/ })
        .getAttribute('href'),
    ).toBe('/courseware?new=true');
    expect(
      within(start)
        .getByRole('link', { name: /Courseware index/ })
        .getAttribute('href'),
    ).toBe('https://example.edu/index');
    // Without a configured address and with the flag off (its default), there is no call-for-courseware link.
    expect(within(start).queryByRole('link', { name: /Call for courseware/ })).toBeNull();
    expect(requests[0]?.url.pathname).toBe('/api/v1/knowledge');
    expect(requests[0]?.url.searchParams.get('size')).toBe('10000');
    // The title is set by an effect, which may run after the heading is shown.
    await waitFor(() => expect(document.title).toBe('Courseware'));
  });

  it('restores the search from the query string into the form and the API call', async () => {
    const { requests } = api();
    const query = new URLSearchParams({
      q: 'buffer overflow',
      edu: 'universityundergraduate,graduatestudent',
      exp: 'intermediate',
      cat: 'exercise',
      tkss: 'tks-T0084',
      ksas: 'ksa-K0001,ksa-S0001',
      kus: 'ku-BCY',
      cid: contributor.id,
      new: 'true',
      tag: 'lab',
    });
    renderApp(`/courseware?${query.toString()}`);

    const textBox = await screen.findByRole('textbox', { name: 'Search courseware' });
    expect((textBox as HTMLInputElement).value).toBe('buffer overflow');
    // The facet controls load after the page (issue 22).
    expect((await screen.findByRole('combobox', { name: 'Education levels' })).textContent).toBe(
      '2 selected',
    );
    expect((await screen.findByRole('combobox', { name: 'Experience levels' })).textContent).toBe(
      'Intermediate',
    );
    expect((await screen.findByRole('combobox', { name: 'Content categories' })).textContent).toBe(
      'Exercise',
    );
    expect((await screen.findByRole('combobox', { name: 'Tags' })).textContent).toBe('Lab');
    expect(
      (screen.getByRole('checkbox', { name: /New or updated content/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(((await screen.findByRole('combobox', { name: 'KSA' })) as HTMLInputElement).placeholder).toBe(
      '2 selected',
    );

    const chips = screen.getByRole('region', { name: 'Selected filters' });
    expect(within(chips).getByText('“buffer overflow”')).toBeInTheDocument();
    expect(within(chips).getByText('Graduate Student')).toBeInTheDocument();
    expect(within(chips).getByText(/^T0084 /)).toBeInTheDocument();
    expect(within(chips).getByText(/^BCY /)).toBeInTheDocument();
    expect(await within(chips).findByText('Dr. Wenliang Du')).toBeInTheDocument();
    expect(within(chips).getByText('New or updated')).toBeInTheDocument();

    await screen.findByText('Buffer Overflow Attack Lab (Set-UID Version)');
    const sent = searchRequests(requests).at(-1)!.url.searchParams;
    expect(sent.get('q')).toBe('buffer overflow');
    expect(sent.get('educationLevels')).toBe('universityundergraduate,graduatestudent');
    expect(sent.get('experienceLevels')).toBe('intermediate');
    expect(sent.get('contentCategories')).toBe('exercise');
    expect(sent.get('tksIds')).toBe('tks-T0084');
    expect(sent.get('ksaIds')).toBe('ksa-K0001,ksa-S0001');
    expect(sent.get('kuIds')).toBe('ku-BCY');
    expect(sent.get('contributorIds')).toBe(contributor.id);
    expect(sent.get('newOrUpdatedContent')).toBe('true');
    expect(sent.get('tags')).toBe('lab');
    expect(sent.get('limit')).toBe('10');
  });

  it('drops query-string values that are not valid filter values', async () => {
    const { requests } = api();
    renderApp('/courseware?edu=highschool,nonsense&tag=lab,<script>&ksas=not-a-knowledge-id');
    await screen.findByText('Buffer Overflow Attack Lab (Set-UID Version)');
    const sent = searchRequests(requests).at(-1)!.url.searchParams;
    expect(sent.get('educationLevels')).toBe('highschool');
    expect(sent.get('tags')).toBe('lab');
    expect(sent.has('ksaIds')).toBe(false);
  });

  it('filters by a NICE work role: the list loads only when opened, grouped by category; results say their coverage', async () => {
    const roles = [
      {
        id: 'OG-WRL-001',
        name: 'Communications Security',
        description: '',
        categoryId: 'OG',
        categoryName: 'Oversight and Governance',
        statementCount: 12,
      },
      {
        id: 'PD-WRL-007',
        name: 'Vulnerability Analysis',
        description: '',
        categoryId: 'PD',
        categoryName: 'Protection and Defense',
        statementCount: 97,
      },
    ];
    const { requests } = api(
      (request) =>
        request.url.searchParams.get('workRole') === 'PD-WRL-007'
          ? makeSearchResponse({ items: [makeSummary({ workRoleCoverage: { matched: 7, total: 97 } })] })
          : makeSearchResponse(),
      { 'GET /api/v1/work-roles': () => ({ items: roles }) },
    );
    const { user, router } = renderApp('/courseware?q=overflow');
    const field = await screen.findByRole('combobox', { name: 'NICE work role' });
    expect(requests.some((r) => r.url.pathname === '/api/v1/work-roles')).toBe(false);
    await user.click(field);
    // The click mounts the real control, open and focused (issue 34): typing goes to it.
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('vulner');
    expect(within(listbox).getByText('Protection and Defense')).toBeVisible();
    expect(within(listbox).queryByText('Communications Security')).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: /PD-WRL-007 Vulnerability Analysis/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=overflow&role=PD-WRL-007'));
    expect(await screen.findByText('Covers 7 of 97 TKS of the work role')).toBeVisible();
    expect(searchRequests(requests).at(-1)!.url.searchParams.get('workRole')).toBe('PD-WRL-007');
    const chips = screen.getByRole('region', { name: 'Selected filters' });
    expect(within(chips).getByText('Work role PD-WRL-007')).toBeVisible();
  });

  it('asks for at least two characters and does not search with one', async () => {
    const { requests } = api();
    const { user, router } = renderApp('/courseware');
    const textBox = await screen.findByRole('textbox', { name: 'Search courseware' });
    await user.type(textBox, ' a ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.searchMin);
    expect(router.state.location.search).toBe('');
    expect(searchRequests(requests).some((request) => request.url.searchParams.has('q'))).toBe(false);

    await user.type(textBox, 'b');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=a+b'));
    expect(screen.queryByText(MESSAGES.searchMin)).toBeNull();
  });

  it('says there is no content when nothing matches', async () => {
    api(() =>
      makeSearchResponse({
        items: [],
        total: 0,
        facets: { contentCategories: {}, educationLevels: {}, experienceLevels: {}, tags: {} },
      }),
    );
    renderApp('/courseware?q=zzzz');
    expect(await screen.findByText(MESSAGES.noContent)).toBeInTheDocument();
    expect(MESSAGES.noContent).toBe("There isn't any content. Please try searching with a different query.");
  });

  it('cuts chip text at 30 characters and keeps the full text as a title', async () => {
    api();
    renderApp('/courseware?ksas=ksa-K0001');
    const chips = await screen.findAllByTestId('search-chip');
    const full = `K0001 ${KNOWLEDGE.find((item) => item.id === 'ksa-K0001')!.name}`;
    const label = chips[0]!.querySelector('.MuiChip-label')!.textContent!;
    expect(label).toBe(`${full.slice(0, SEARCH_CHIP_TEXT_MAX).trimEnd()}…`);
    expect(label.length).toBeLessThanOrEqual(SEARCH_CHIP_TEXT_MAX + 1);
    expect(chips[0]!.getAttribute('title')).toBe(full);
  });

  it('removes a filter with its chip and returns to the landing view with Clear search', async () => {
    api();
    const { user, router } = renderApp('/courseware?tag=lab&exp=beginner');
    const chips = await screen.findByRole('region', { name: 'Selected filters' });
    const chip = within(chips).getByText('Beginner').closest('.MuiChip-root') as HTMLElement;
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=lab'));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('navigation', { name: 'Start here' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected filters' })).toBeNull();
  });

  it('shows each result with its link, chips, course and a description trimmed to about 80 characters', async () => {
    const item = makeSummary();
    api(() => makeSearchResponse({ items: [item] }));
    renderApp('/courseware?browse=1');
    const link = await screen.findByRole('link', { name: item.name });
    expect(link.getAttribute('href')).toBe(`/courseware/${item.urlAlias}`);
    const article = link.closest('article')!;
    expect(within(article).getByText('Course: SEED Labs: Software Security')).toBeInTheDocument();
    expect(within(article).getByText('Exercise')).toBeInTheDocument();
    expect(within(article).getByText('University Undergraduate')).toBeInTheDocument();
    const description = within(article).getByText(/^The learning objective/).textContent!;
    expect(item.summary.length).toBeGreaterThan(RESULT_DESCRIPTION_TRIM);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(RESULT_DESCRIPTION_TRIM + 1);
    expect(item.summary.startsWith(description.slice(0, -1))).toBe(true);
    expect(screen.getByRole('heading', { name: 'All courseware' })).toBeInTheDocument();
  });

  it('pages with Next and Previous by page token', async () => {
    const first = makeSummary({ name: 'Phishing Lab' });
    const second = makeSummary({ name: 'Encoding and Encryption' });
    const { requests } = api((request) =>
      request.url.searchParams.get('nextPageToken') === 'cGFnZTI'
        ? makeSearchResponse({ items: [second], total: 11 })
        : makeSearchResponse({ items: [first], total: 11, nextPageToken: 'cGFnZTI' }),
    );
    const { user } = renderApp('/courseware?cat=exercise');
    await screen.findByText('Phishing Lab');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Encoding and Encryption')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(searchRequests(requests).at(-1)!.url.searchParams.get('nextPageToken')).toBe('cGFnZTI');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Phishing Lab')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('shows the corrected query and facet counts beside filter values', async () => {
    api(() =>
      makeSearchResponse({
        correctedQuery: 'buffer overflow',
        facets: {
          contentCategories: {},
          educationLevels: { highschool: 3, universityundergraduate: 12 },
          experienceLevels: {},
          tags: {},
        },
      }),
    );
    const { user } = renderApp('/courseware?q=bufer+overflow');
    expect(await screen.findByText('buffer overflow', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Education levels' }));
    const option = await screen.findByRole('option', { name: /University Undergraduate/ });
    expect(within(option).getByLabelText('12 items')).toBeInTheDocument();
    expect(
      within(screen.getByRole('option', { name: /High School/ })).getByLabelText('3 items'),
    ).toBeInTheDocument();
  });

  it('filters the knowledge list as the user types and renders few options', async () => {
    api();
    const { user, router } = renderApp('/courseware');
    const ksa = await screen.findByRole('combobox', { name: 'KSA' });
    await user.type(ksa, 'vulnerab');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]!.textContent).toContain('S0001');
    await user.click(options[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?ksas=ksa-S0001'));
  });

  it('shows the add button only to users who may update content', async () => {
    api(undefined, { 'GET /api/v1/auth/session': () => makeSession('contenteditor') });
    renderApp('/courseware', { signedInAs: 'contenteditor' });
    const add = await screen.findByRole('link', { name: 'Add courseware' });
    expect(add.getAttribute('href')).toBe('/courseware?creating=1');
  });

  it('hides the add button from faculty and visitors', async () => {
    api(undefined, { 'GET /api/v1/auth/session': () => makeSession('faculty') });
    renderApp('/courseware', { signedInAs: 'faculty' });
    await screen.findByRole('textbox', { name: 'Search courseware' });
    expect(screen.queryByRole('link', { name: 'Add courseware' })).toBeNull();
  });
});

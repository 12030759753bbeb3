/**
 * User import (001 §2, §5): a file is required, the preview marks invalid rows and why, nothing is
 * written until the file is fixed, then the import runs with the rows read by papaparse.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserImportPlanSchema, type UserImportRow } from '@portal/shared/schemas/identity';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** A plan as the server makes it: emails with an @ are new users, anything else is invalid. */
function planOf(rows: UserImportRow[]) {
  const planned = rows.map((row, k) => {
    const isValid = row.email.includes('@');
    return {
      line: k + 2,
      ...row,
      businessUnit: row.businessUnit ?? '',
      isNewBusinessUnit: false,
      action: isValid ? 'create' : 'invalid',
      errors: isValid ? [] : ['The e-mail address is not valid.'],
    };
  });
  const invalid = planned.filter((r) => r.action === 'invalid').length;
  return UserImportPlanSchema.parse({
    rows: planned,
    isValid: invalid === 0,
    counts: { create: planned.length - invalid, addRole: 0, unchanged: 0, invalid },
  });
}

function api() {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession('admin'),
    'POST /api/v1/admin/user-import/preview': (r: MockRequest) =>
      planOf((r.body as { rows: UserImportRow[] }).rows),
    'POST /api/v1/admin/user-import': (r: MockRequest) => planOf((r.body as { rows: UserImportRow[] }).rows),
  });
}

const csv = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });

describe('user import', () => {
  it('asks for a file first', async () => {
    api();
    const { user } = renderApp('/admin/user-import', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Import users' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a file to import.');
  });

  it('marks the bad row, imports nothing, and imports the fixed file', async () => {
    const { requests } = api();
    const { user } = renderApp('/admin/user-import', { signedInAs: 'admin' });
    const input = await screen.findByLabelText('CSV file');
    await user.upload(
      input,
      csv('name,email,role\nIvy,ivy@school.example,faculty\nBad,not-an-address,student\n'),
    );

    const table = await screen.findByRole('table', { name: 'Import preview' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]!).getByText('Invalid')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('The e-mail address is not valid.')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 rows have problems/)).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Import users' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((r) => r.url.pathname === '/api/v1/admin/user-import')).toBe(false);

    await user.upload(
      input,
      csv('name,email,role\nIvy,ivy@school.example,faculty\nBea,bea@school.example,student\n'),
    );
    await screen.findByText(/Ready to import: 2 new users/);
    await user.click(screen.getByRole('button', { name: 'Import users' }));
    expect(await screen.findByText(/Import complete: 2 new users/)).toBeInTheDocument();
    const run = requests.find((r) => r.url.pathname === '/api/v1/admin/user-import')!;
    expect(run.body).toEqual({
      rows: [
        { name: 'Ivy', email: 'ivy@school.example', role: 'faculty' },
        { name: 'Bea', email: 'bea@school.example', role: 'student' },
      ],
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Import users' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('says what is wrong with the file itself', async () => {
    api();
    const { user } = renderApp('/admin/user-import', { signedInAs: 'admin' });
    await user.upload(await screen.findByLabelText('CSV file'), csv('full name;mail\nA;b\n'));
    expect(await screen.findByText(/must name the columns name, email and role/)).toBeInTheDocument();
  });
});

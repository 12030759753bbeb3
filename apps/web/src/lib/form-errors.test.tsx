import { act, render, screen } from '@testing-library/react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyServerIssues, fieldErrorsOfServer, type FieldErrors } from './form-errors';

describe('form errors', () => {
  it('maps server issues back to form fields', () => {
    expect(
      fieldErrorsOfServer({
        issues: [
          { field: 'body.urlAlias', message: 'Taken.' },
          { field: 'body.sections.1.name', message: 'Too long.' },
        ],
      }),
    ).toEqual({ urlAlias: 'Taken.', 'sections.1.name': 'Too long.' });
    expect(fieldErrorsOfServer(undefined)).toEqual({});
  });

  /** A form of two fields that hands its `setError` out, showing each field's error under it. */
  function TwoFields({
    onReady,
  }: {
    onReady: (setError: UseFormSetError<{ name: string; email: string }>) => void;
  }) {
    const {
      register,
      setError,
      formState: { errors },
    } = useForm({ defaultValues: { name: '', email: '' } });
    onReady(setError);
    return (
      <form>
        <label>
          Name <input {...register('name')} />
        </label>
        <span>{errors.name?.message}</span>
        <label>
          Email <input {...register('email')} />
        </label>
        <span>{errors.email?.message}</span>
      </form>
    );
  }

  it('shows a 400 answer’s field issues under the fields and focuses the first one', () => {
    let setError!: UseFormSetError<{ name: string; email: string }>;
    render(<TwoFields onReady={(s) => (setError = s)} />);
    const answer = new ApiError('invalid_input', 'Some fields are not valid.', 400, {
      issues: [
        { field: 'body.email', message: 'Not an e-mail address.' },
        { field: 'body.name', message: 'Name is required.' },
        { field: 'body.organizationId', message: 'Not a valid id' },
      ],
    });
    let shown: FieldErrors = {};
    act(() => {
      shown = applyServerIssues(setError, answer, { fields: ['name', 'email'] });
    });
    expect(shown).toEqual({ email: 'Not an e-mail address.', name: 'Name is required.' });
    expect(screen.getByText('Not an e-mail address.')).toBeDefined();
    expect(screen.getByText('Name is required.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('maps request fields to the form field that shows them and ignores other errors', () => {
    let setError!: UseFormSetError<{ name: string; email: string }>;
    render(<TwoFields onReady={(s) => (setError = s)} />);
    const answer = new ApiError('conflict', 'Taken.', 409, {
      issues: [
        { field: 'body.version', message: 'Someone else saved first.' },
        { field: 'body.contactEmail', message: 'Already registered.' },
      ],
    });
    let shown: FieldErrors = {};
    act(() => {
      shown = applyServerIssues(setError, answer, { fieldOf: { contactEmail: 'email' }, skip: ['version'] });
    });
    expect(shown).toEqual({ email: 'Already registered.' });
    expect(screen.getByText('Already registered.')).toBeDefined();
    expect(screen.queryByText('Someone else saved first.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(applyServerIssues(setError, new Error('offline'))).toEqual({});
  });
});

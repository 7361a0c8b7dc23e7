import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formFieldErrors, serverMessage } from '../src/lib/api-errors';
import { ApiError } from '../src/lib/http';

const refusal = (body: unknown, detail: string | undefined = 'Please check the form and try again.') =>
  new ApiError(400, detail, 'validation_error', body);

describe('fieldErrorsOf', () => {
  it('returns the string messages of each field listed under `errors`', () => {
    const err = refusal({
      detail: 'Please check the form and try again.',
      code: 'validation_error',
      errors: { full_name: ['Full name is required'], email: ['Email is required', 42, 'Too long'] },
    });
    expect(fieldErrorsOf(err)).toEqual({
      full_name: ['Full name is required'],
      email: ['Email is required', 'Too long'],
    });
  });

  it('skips fields whose messages are not a list', () => {
    expect(fieldErrorsOf(refusal({ errors: { a: 'not a list', b: ['kept'], c: null } }))).toEqual({
      b: ['kept'],
    });
  });

  it.each([
    ['a plain Error', new Error('boom')],
    ['a string', 'boom'],
    ['undefined', undefined],
    ['an ApiError without a body', refusal(undefined)],
    ['an ApiError with a text body', refusal('Bad gateway')],
    ['an ApiError without `errors`', refusal({ detail: 'No' })],
    ['an ApiError whose `errors` is not an object', refusal({ errors: 'name' })],
  ])('is empty for %s', (_label, err) => {
    expect(fieldErrorsOf(err)).toEqual({});
  });
});

describe('formFieldErrors', () => {
  const fields = new Set(['name', 'email']);

  it("keeps only the form's fields, joining each field's messages with a space", () => {
    const err = refusal({
      errors: {
        name: ['Session name is required', 'Too short.'],
        email: ['Please enter a valid email address'],
        password: ['Not shown by this form'],
      },
    });
    expect(formFieldErrors<'name' | 'email'>(err, fields)).toEqual({
      name: 'Session name is required Too short.',
      email: 'Please enter a valid email address',
    });
  });

  it('leaves out fields with no string message', () => {
    expect(formFieldErrors(refusal({ errors: { name: [], email: [7] } }), fields)).toEqual({});
  });

  it('is empty for errors that are not API refusals', () => {
    expect(formFieldErrors(new Error('offline'), fields)).toEqual({});
  });
});

describe('serverMessage', () => {
  it("returns the server's detail when it sent one", () => {
    expect(serverMessage(new ApiError(409, 'Already registered', 'conflict', {}), 'Fallback')).toBe(
      'Already registered',
    );
  });

  it('returns the fallback for a refusal without detail', () => {
    expect(serverMessage(new ApiError(500, undefined, undefined, undefined), 'Fallback')).toBe('Fallback');
    expect(serverMessage(new ApiError(500, '', undefined, undefined), 'Fallback')).toBe('Fallback');
  });

  it('returns the fallback for anything but an ApiError, whatever its message', () => {
    expect(serverMessage(new Error('Network request failed.'), 'Fallback')).toBe('Fallback');
    expect(serverMessage({ detail: 'looks like one' }, 'Fallback')).toBe('Fallback');
  });
});

import type { FormEvent } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../src/lib/notify';
import { textField, useFormState, type Checked } from '../src/lib/use-form-state';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

type Values = { name: string; email: string; seats: number };
type Body = { name: string; seats: number };

const initialValues = (): Values => ({ name: 'Keynote', email: '', seats: 10 });

/** A submit event whose preventDefault the test can watch. */
function submitEvent() {
  const preventDefault = vi.fn();
  const event: Pick<FormEvent, 'preventDefault'> = { preventDefault };
  return { event: event as FormEvent, preventDefault };
}

/** Requires a name; sends the trimmed name and the seats. */
const validate = (values: Values): Checked<Body, Values> =>
  values.name.trim()
    ? { ok: true, body: { name: values.name.trim(), seats: values.seats } }
    : { ok: false, errors: { name: 'Session name is required' } };

function renderForm(initial: () => Values = initialValues) {
  return renderHook(() => useFormState(initial));
}

describe('useFormState', () => {
  beforeEach(() => vi.mocked(notify).mockClear());

  it('starts from the initial values with no errors', () => {
    const { result } = renderForm();
    expect(result.current.values).toEqual({ name: 'Keynote', email: '', seats: 10 });
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
  });

  it('change merges the patch and clears only the edited fields’ errors and the form error', () => {
    const { result } = renderForm(() => ({ name: '', email: '', seats: 10 }));
    const onError = result.current.saveHandlers('Saved', vi.fn(), () => ({
      message: 'Please check the form and try again.',
      errors: { name: 'Too short', email: 'Please enter a valid email address', seats: 'Too many' },
    })).onError;
    act(() => onError(new Error('refused')));
    expect(result.current.formError).toBe('Please check the form and try again.');

    act(() => result.current.change({ email: 'ada@example.org', seats: 5 }));

    expect(result.current.values).toEqual({ name: '', email: 'ada@example.org', seats: 5 });
    expect(result.current.errors).toEqual({ name: 'Too short' });
    expect(result.current.formError).toBeNull();
  });

  it('handleSubmit shows the fields at fault and sends nothing when the check fails', () => {
    const { result } = renderForm(() => ({ name: '   ', email: '', seats: 3 }));
    const send = vi.fn();
    const { event, preventDefault } = submitEvent();

    act(() => result.current.handleSubmit(validate, send)(event));

    expect(preventDefault).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Session name is required' });
  });

  it('handleSubmit sends the checked body of the current values', () => {
    const { result } = renderForm();
    const send = vi.fn();
    act(() => result.current.change({ name: '  Workshop  ', seats: 25 }));
    const { event, preventDefault } = submitEvent();

    act(() => result.current.handleSubmit(validate, send)(event));

    expect(preventDefault).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Workshop', seats: 25 });
    expect(result.current.errors).toEqual({});
  });

  it('saveHandlers.onSuccess shows a success toast, then calls onDone', () => {
    const { result } = renderForm();
    const order: string[] = [];
    vi.mocked(notify).mockImplementation((message, type) => order.push(`notify ${type ?? ''}: ${message}`));
    const onDone = vi.fn(() => order.push('done'));

    act(() => result.current.saveHandlers('Event created', onDone, () => ({ message: 'x' })).onSuccess());

    expect(order).toEqual(['notify success: Event created', 'done']);
    expect(result.current.formError).toBeNull();
  });

  it('saveHandlers.onError shows the refusal in the form, on its fields and as an error toast', () => {
    const { result } = renderForm();
    const onDone = vi.fn();
    const err = new Error('409');
    const refusal = vi.fn((_err: unknown) => ({
      message: 'A participant with this email address already exists for this event.',
      errors: { email: 'Already used' },
    }));

    act(() => result.current.saveHandlers('Saved', onDone, refusal).onError(err));

    expect(refusal).toHaveBeenCalledWith(err);
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.formError).toBe(
      'A participant with this email address already exists for this event.',
    );
    expect(result.current.errors).toEqual({ email: 'Already used' });
    expect(vi.mocked(notify).mock.calls).toEqual([
      ['A participant with this email address already exists for this event.', 'error'],
    ]);
  });

  it('a refusal without field errors keeps the errors already shown', () => {
    const { result } = renderForm(() => ({ name: '', email: '', seats: 0 }));
    act(() => result.current.handleSubmit(validate, vi.fn())(submitEvent().event));
    expect(result.current.errors).toEqual({ name: 'Session name is required' });

    act(() => result.current.saveHandlers('Saved', vi.fn(), () => ({ message: 'Offline' })).onError('x'));

    expect(result.current.errors).toEqual({ name: 'Session name is required' });
    expect(result.current.formError).toBe('Offline');
  });

  it('setFormError sets the form-level message directly', () => {
    const { result } = renderForm();
    act(() => result.current.setFormError('Network error'));
    expect(result.current.formError).toBe('Network error');
  });

  it('reset goes back to freshly built initial values, with no errors', () => {
    let built = 0;
    const { result } = renderForm(() => {
      built += 1;
      return { name: `Draft ${built}`, email: '', seats: 1 };
    });
    expect(result.current.values).toEqual({ name: 'Draft 1', email: '', seats: 1 });
    act(() => result.current.change({ name: '', email: 'x@example.org' }));
    act(() => result.current.handleSubmit(validate, vi.fn())(submitEvent().event));
    act(() => result.current.setFormError('Refused'));
    expect(result.current.errors).toEqual({ name: 'Session name is required' });

    act(() => result.current.reset());

    expect(built).toBe(2);
    expect(result.current.values).toEqual({ name: 'Draft 2', email: '', seats: 1 });
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
  });
});

describe('textField', () => {
  /** A form with one text input bound by textField, showing its error. */
  function NameForm() {
    const form = useFormState(initialValues);
    const field = textField(form, 'name');
    return (
      <form onSubmit={form.handleSubmit(validate, vi.fn())}>
        <label>
          Session name
          <input
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            aria-invalid={!!field.error}
          />
        </label>
        {field.error && <p role="alert">{field.error}</p>}
        <button type="submit">Save</button>
      </form>
    );
  }

  it('binds the input to the value and clears its error as soon as it is edited', async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    const input = screen.getByRole('textbox', { name: 'Session name' });
    expect(input).toHaveProperty('name', 'name');
    expect(input).toHaveProperty('value', 'Keynote');

    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Session name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.type(input, 'Panel');
    expect(input).toHaveProperty('value', 'Panel');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });
});

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { notify } from './notify';

/** One message per field of the form's values. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** A client-side check: the body to send, or the message of each field at fault. */
export type Checked<B, V> = { ok: true; body: B } | { ok: false; errors: FieldErrors<V> };

/** What a form's fields need: the values, each field's error and the change handler. */
export type FormBinding<V> = { values: V; errors: FieldErrors<V>; change: (patch: Partial<V>) => void };

/** The keys of `V` that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** Props binding a text input to one value of the form: its name, value, error and change handler. */
export function textField<V>(form: FormBinding<V>, name: TextKey<V>) {
  return {
    name,
    value: form.values[name] as string,
    error: form.errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.change({ [name]: e.currentTarget.value } as Partial<V>),
  };
}

/** What a refused save shows: the message (in the form and as a toast) and the fields it names. */
export type Refusal<V> = { message: string; errors?: FieldErrors<V> };

/**
 * The state of a create or edit form: its values, each field's error (gone as soon as that field is
 * edited) and the form-level error of the last save (gone with any edit).
 */
export function useFormState<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof V];
      return next;
    });
    setFormError(null);
  };

  /** The submit handler: shows the fields at fault, or sends the checked body. */
  const handleSubmit =
    <B>(validate: (values: V) => Checked<B, V>, send: (body: B) => void) =>
    (e: FormEvent) => {
      e.preventDefault();
      const checked = validate(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      send(checked.body);
    };

  /** Callbacks of the save: a success toast then `onDone`, or the refusal in the form and as a toast. */
  const saveHandlers = (success: string, onDone: () => void, refusal: (err: unknown) => Refusal<V>) => ({
    onSuccess: () => {
      notify(success, 'success');
      onDone();
    },
    onError: (err: unknown) => {
      const { message, errors: fields } = refusal(err);
      if (fields) setErrors(fields);
      setFormError(message);
      notify(message, 'error');
    },
  });

  /** Back to the initial values, with no errors. */
  const reset = () => {
    setValues(initial());
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, setFormError, change, handleSubmit, saveHandlers, reset };
}

import { type FormEvent, useCallback, useRef, useState } from 'react';

/** Messages by field name; a field without a message is valid. */
export type FormErrors<K extends string> = Partial<Record<K, string | undefined>>;

export interface UseFormOptions<V extends object> {
  /** The values the form starts with (read once). */
  initial: V | (() => V);
  /** Checks the values on submit; keys are the fields' `name`s, so the first invalid one gets focus. */
  validate?: (values: V) => FormErrors<keyof V & string>;
}

export interface SubmitOptions<F> {
  /** What the form shows when the action throws (the error is logged first when `log` is set). */
  failure: (error: unknown) => F | null;
  /** console.error label for a failed action (the spec logs these failures). */
  log?: string;
  /** Keep the busy state after a success (the page shows its toast and moves on). */
  stayBusy?: boolean;
}

/**
 * The one form mechanism of the app (docs/decisions.md): values, inline errors, a busy flag, a
 * form-level failure and the submit sequence (check the values, focus the first invalid field,
 * run the request busy, keep everything typed when it fails). Fields are controlled, so any
 * kit control (TextField, SelectField, Toggle, StarRatingInput...) plugs in.
 *
 *   const form = useForm({ initial: { email: '' }, validate: validateNewsletter });
 *   <form onSubmit={form.submit(save, { failure: () => 'Failed' })} noValidate>
 *     <TextField label="Email" {...form.field('email')} />
 */
export function useForm<V extends object, F = string>({ initial, validate }: UseFormOptions<V>) {
  type Name = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<Name>>({});
  const [failure, setFailure] = useState<F | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  /** Sets one value and clears that field's message. */
  const set = useCallback(<K extends Name>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  }, []);

  /** The name, value, error and change handler that wire one text-like control. */
  const field = (name: Name) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[Name]),
  });

  /** A submit handler around `action`: check, focus the first invalid field, run busy, show a failure. */
  const submit =
    (action: (values: V) => unknown, options: SubmitOptions<F>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busyRef.current) return;
      const form = event.currentTarget;
      const found: FormErrors<Name> = validate?.(values) ?? {};
      setErrors(found);
      setFailure(null);
      const invalid = Object.keys(found).filter((key) => found[key as Name] !== undefined);
      if (invalid.length > 0) {
        focusFirst(form, invalid);
        return;
      }
      busyRef.current = true;
      setBusy(true);
      let succeeded = false;
      try {
        await action(values);
        succeeded = true;
      } catch (error) {
        if (options.log) console.error(options.log, error);
        setFailure(options.failure(error));
      } finally {
        if (!succeeded || !options.stayBusy) {
          busyRef.current = false;
          setBusy(false);
        }
      }
    };

  return { values, set, setValues, errors, field, failure, busy, submit };
}

/** Puts the keyboard on the first field (in the form's own order) whose name has a message. */
function focusFirst(form: HTMLFormElement, names: string[]) {
  const first = Array.from(form.elements).find(
    (element) => element instanceof HTMLElement && names.includes((element as HTMLInputElement).name),
  );
  if (first instanceof HTMLElement) first.focus();
}

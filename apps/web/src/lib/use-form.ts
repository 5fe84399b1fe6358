import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

type FormValues = Record<string, unknown>;

/** A field's check: its error message, or nothing when the value is fine. */
export type FieldRule<V extends FormValues, K extends keyof V> = (
  value: V[K],
  values: V,
) => string | null | undefined;

export type FormRules<V extends FormValues> = { [K in keyof V]?: FieldRule<V, K> };
export type FormErrors<V extends FormValues> = Partial<Record<keyof V, string>>;

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V];

/**
 * Form state for Mantine inputs: values, per-field errors (from the rules before sending, or from the
 * server after), and the first invalid field focused whenever errors are shown. Mantine links an input's
 * error to it with aria-describedby; aria-invalid is set here.
 */
export function useForm<V extends FormValues>({
  initialValues,
  rules = {},
}: {
  initialValues: V;
  rules?: FormRules<V>;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorState] = useState<FormErrors<V>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setFieldValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A changed value may be fine now: its error goes until the next check.
    setErrorState((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Shows these errors (replacing the ones shown) and focuses the first invalid field. */
  const setErrors = useCallback((next: FormErrors<V>) => {
    setErrorState(next);
    if (Object.values(next).some(Boolean)) setFocusRequest((count) => count + 1);
  }, []);

  const check = (): FormErrors<V> => {
    const found: FormErrors<V> = {};
    for (const field of Object.keys(rules) as (keyof V)[]) {
      const message = rules[field]?.(values[field], values);
      if (message) found[field] = message;
    }
    return found;
  };

  /** Runs the rules on submit and calls the handler only when every field passes. */
  const onSubmit = (handler: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) handler(values);
  };

  const getInputProps = (field: KeysOf<V, string>) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setFieldValue(field, event.currentTarget.value as V[typeof field]),
    error: errors[field],
    // Mantine marks most inputs itself, but not all (the password input).
    'aria-invalid': errors[field] ? true : undefined,
  });

  const getCheckboxProps = (field: KeysOf<V, boolean>) => ({
    checked: values[field] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFieldValue(field, event.currentTarget.checked as V[typeof field]),
    error: errors[field],
    'aria-invalid': errors[field] ? true : undefined,
  });

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrorState({});
  }, []);

  return {
    values,
    errors,
    setErrors,
    setFieldValue,
    getInputProps,
    getCheckboxProps,
    onSubmit,
    formRef,
    reset,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const looksLikeEmail = (value: string): boolean => EMAIL.test(value.trim());

import { type IssueMessage, issueMessage } from '@flashcards/contract';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { t } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useErrorMessage } from './api-errors';
import { serverFormErrors } from './form-errors';
import './error-texts';

type StandardSchema = Parameters<typeof schemaResolver>[0];

/** Forms word these checks shorter than the API's sentences; the others read as the API words them. */
const formWording: Readonly<Record<string, string>> = {
  'errors:field_required': 'common:validation.required',
  'errors:blank': 'common:validation.required',
  'errors:min_length': 'common:validation.tooShort',
  'errors:max_length': 'common:validation.tooLong',
  // A form offers its choices: a value outside them is an empty or stale one, not a typed one.
  'errors:invalid_choice': 'errors:invalid_value',
};

/** The message of an issue: the contract's, as a form words it; an empty choice (null) is a missing value. */
function formMessage(issue: z.core.$ZodIssue): IssueMessage {
  const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === null;
  const { key, values } = issueMessage(missing ? { ...issue, input: undefined } : issue);
  return { key: formWording[key] ?? key, values };
}

/** `t` of the interface language, for message keys named at run time, beyond the typed keys' checks. */
const translate = t as unknown as (key: string, values: Record<string, unknown>) => string;

/** The schema as Standard Schema for Mantine's resolver, its issues worded by the locale files. */
export function localized(schema: z.ZodType): StandardSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => {
        const result = schema.safeParse(value, { reportInput: true });
        if (result.success) return { value: result.data };
        const issues = result.error.issues.map((issue) => {
          const { key, values } = formMessage(issue);
          return { path: issue.path, message: translate(key, values) };
        });
        return { issues };
      },
    },
  };
}

// Inputs that can take focus; Mantine marks a radio group's wrapper, which cannot.
const INVALID_FIELD = ':is(input, textarea, select, button)[aria-invalid="true"]';

export type SchemaForm<Values> = UseFormReturnType<Values> & {
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The form's submit handler: checks the values, focuses the first invalid field or calls `handler`. */
  submit: (handler: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * Shows a failed call: the server's field messages beside their fields (the first focused), and returns
   * the message for the whole form, or null when the fields show it all.
   */
  showServerErrors: (error: unknown, rename?: Readonly<Record<string, string>>) => string | null;
};

/**
 * A Mantine form checked by a schema (the contract's body schemas, extended where a form asks more),
 * with every message from the locale files, `aria-invalid` on every input with an error (Mantine leaves
 * it off some, such as the password input), and the first invalid field focused whenever errors appear.
 */
export function useSchemaForm<Values extends Record<string, unknown>>({
  schema,
  initialValues,
}: {
  schema: z.ZodType;
  initialValues: Values;
}): SchemaForm<Values> {
  const errorMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // After the errors are rendered, so that the focused field is announced with its message.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>(INVALID_FIELD)?.focus();
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((count) => count + 1);

  const form = useForm<Values>({
    initialValues,
    validate: schemaResolver(localized(schema), { sync: true }),
    enhanceGetInputProps: ({ inputProps }) => ({ 'aria-invalid': inputProps.error ? true : undefined }),
  });

  return {
    ...form,
    formRef,
    submit: (handler) => form.onSubmit(handler, focusFirstError),
    showServerErrors: (error, rename) => {
      const { fields, general } = serverFormErrors(error, Object.keys(initialValues), rename);
      const besideFields = Object.keys(fields).length > 0;
      form.setErrors(fields);
      if (besideFields) focusFirstError();
      return general ?? (besideFields ? null : errorMessage(error));
    },
  };
}

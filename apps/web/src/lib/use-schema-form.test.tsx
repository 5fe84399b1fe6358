import { Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { ApiError } from './api-client';
import './account-texts';
import { useSchemaForm } from './use-schema-form';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z
    .string()
    .trim()
    .min(1)
    .pipe(z.email({ error: 'errors:invalid_email' })),
  password: z.string().min(1),
  terms: z.literal(true, { error: 'account:validation.terms' }),
});

function SignupLikeForm({
  onValid,
  serverError,
}: {
  onValid: (values: unknown) => void;
  serverError: unknown;
}) {
  const form = useSchemaForm({
    schema,
    initialValues: { name: '', email: '', password: '', terms: false },
  });
  const [general, setGeneral] = useState<string | null>(null);
  return (
    <form ref={form.formRef} onSubmit={form.submit(onValid)} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <PasswordInput label="Password" {...form.getInputProps('password')} />
      <Checkbox label="Terms" {...form.getInputProps('terms', { type: 'checkbox' })} />
      <button type="submit">Send</button>
      <button type="button" onClick={() => setGeneral(form.showServerErrors(serverError))}>
        Server says
      </button>
      <output>{general}</output>
    </form>
  );
}

const renderForm = (serverError: unknown = null) => {
  const onValid = vi.fn();
  renderWithProviders(<SignupLikeForm onValid={onValid} serverError={serverError} />);
  return { onValid };
};

const send = (name = 'Send') => act(async () => fireEvent.click(screen.getByRole('button', { name })));

/** The texts an input's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('useSchemaForm', () => {
  it('checks every field on submit, links each message to its input and focuses the first invalid one', async () => {
    const { onValid } = renderForm();
    await send();

    expect(onValid).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect(description(name)).toContain('This field is required.');
    for (const label of ['Name', 'E-mail', 'Password', 'Terms'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please agree to the terms of usage and the privacy policy.')).toBeVisible();
  });

  it('words the messages from the locale files, with their numbers, in the chosen language', async () => {
    await act(() => i18next.changeLanguage('bg'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Theodora' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not an address' } });
    await send();

    expect(description(screen.getByLabelText('Name'))).toContain('Използвайте най-много 5 знака.');
    expect(description(screen.getByLabelText('E-mail'))).toContain('Въведете валиден имейл адрес.');
    expect(description(screen.getByLabelText('Password'))).toContain('Това поле е задължително.');
  });

  it('clears a field’s message when it changes, and passes the values once all are valid', async () => {
    const { onValid } = renderForm();
    await send();
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Ana' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Blue-Kettle-81' } });
    await send();
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Terms'));

    fireEvent.click(screen.getByLabelText('Terms'));
    await send();
    expect(onValid).toHaveBeenCalledWith(
      { name: 'Ana', email: 'ana@example.com', password: 'Blue-Kettle-81', terms: true },
      expect.anything(),
    );
  });

  it('shows the server’s field messages beside their fields, focuses the first, and returns the rest', async () => {
    renderForm(
      new ApiError(400, { password: ['This password is too common.'], ref_code: ['Unknown code.'] }),
    );
    await send('Server says');
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(description(password)).toContain('This password is too common.');
    expect(screen.getByRole('status').textContent).toBe('Unknown code.');
  });

  it('returns the offline message for a call that did not reach the server', async () => {
    renderForm(new ApiError(0, null));
    await send('Server says');
    expect(screen.getByRole('status').textContent).toBe('You are offline');
  });
});

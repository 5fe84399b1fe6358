import { Checkbox, MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { looksLikeEmail, useForm } from './use-form';

beforeAll(() => {
  // jsdom has no matchMedia; Mantine asks it for the colour scheme.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
});

afterEach(cleanup);

function SignupLikeForm({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm({
    initialValues: { email: '', password: '', retype: '', terms: false },
    rules: {
      email: (value) => (looksLikeEmail(value) ? null : 'Enter a valid e-mail address.'),
      password: (value) => (value ? null : 'Required.'),
      retype: (value, values) => (value === values.password ? null : 'Password not match'),
      terms: (value) => (value ? null : 'Please agree.'),
    },
  });
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit(onValid)} noValidate>
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <PasswordInput label="Password" {...form.getInputProps('password')} />
      <PasswordInput label="Retype" {...form.getInputProps('retype')} />
      <Checkbox label="Terms" {...form.getCheckboxProps('terms')} />
      <button type="submit">Send</button>
      <button type="button" onClick={() => form.setErrors({ password: 'This password is too common.' })}>
        Server says
      </button>
    </form>
  );
}

const renderForm = () => {
  const onValid = vi.fn();
  render(
    <MantineProvider>
      <SignupLikeForm onValid={onValid} />
    </MantineProvider>,
  );
  return { onValid };
};

describe('useForm', () => {
  it('checks every field on submit, links each error to its input and focuses the first invalid one', async () => {
    const { onValid } = renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));

    expect(onValid).not.toHaveBeenCalled();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveProperty('ariaInvalid', 'true');
    expect(document.activeElement).toBe(email);
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(describedBy(email)).toContain('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Password')).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByLabelText('Terms')).toHaveProperty('ariaInvalid', 'true');
  });

  it('clears a field error when the field changes, and passes the values when all rules pass', async () => {
    const { onValid } = renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    const email = screen.getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Blue-Kettle-81' } });
    fireEvent.change(screen.getByLabelText('Retype'), { target: { value: 'Blue-Kettle-8' } });
    fireEvent.click(screen.getByLabelText('Terms'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Retype'));
    expect(screen.getByText('Password not match')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Retype'), { target: { value: 'Blue-Kettle-81' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onValid).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'Blue-Kettle-81',
      retype: 'Blue-Kettle-81',
      terms: true,
    });
  });

  it('shows errors from the server beside their fields and focuses the first', async () => {
    renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Server says' })));
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    expect(screen.getByText('This password is too common.')).toBeTruthy();
  });
});

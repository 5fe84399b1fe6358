import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { forgetTypedPassword, rememberTypedPassword } from '../typed-password';
import { ChoosePasswordPage } from './choose-password-page';

afterEach(() => {
  cleanup();
  forgetTypedPassword();
});

const show = () => renderWithProviders(<ChoosePasswordPage />, { user: { id: 3, email: 'ana@example.com' } });

describe('choosing a password at the first sign-in', () => {
  it('does not ask again for the school password just typed at sign-in', () => {
    rememberTypedPassword('Ana@example.com', 'school-pass');
    show();
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    expect(screen.queryByLabelText(/Password from your school/)).toBeNull();
    expect(screen.getByLabelText(/^New password/)).toBeVisible();
  });

  it('asks for it when it is no longer in memory, or was typed for someone else', () => {
    rememberTypedPassword('mila@example.com', 'other');
    show();
    expect(screen.getByLabelText(/Password from your school/)).toBeVisible();
  });
});

import type { User } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../../lib/current-user';
import '../../../lib/i18n';
import { forgetTypedPassword, rememberTypedPassword } from '../typed-password';
import { ChoosePasswordPage } from './choose-password-page';

afterEach(() => {
  cleanup();
  forgetTypedPassword();
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, { id: 3, email: 'ana@example.com' } as User);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <MemoryRouter>
          <ChoosePasswordPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

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

import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import '../school-texts';
import { PasswordsSheet } from './passwords-sheet';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const people = [
  { id: 1, email: 'ana@example.com', first_name: 'Ana', last_name: 'Stoyanova', password: 'kT7#qpL2vx' },
  { id: 2, email: 'boris@example.com', first_name: 'Борис', last_name: 'Иванов', password: 'Rm4$wz9Hnc' },
];

function show(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  renderWithProviders(<PasswordsSheet people={people} onClose={onClose} />, { queryClient });
  return onClose;
}

describe('the initial-passwords sheet', () => {
  it('lists every person with their password, and a slip each for printing', () => {
    show();
    const table = screen.getByRole('table', { name: 'Initial passwords' });
    expect(within(table).getByText('kT7#qpL2vx')).toBeVisible();
    expect(within(table).getByText('Борис Иванов')).toBeVisible();
    expect(document.querySelectorAll('.school-print-slip')).toHaveLength(2);
  });

  it('asks before closing while the passwords are neither downloaded nor printed', () => {
    const onClose = show();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Close without saving?')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Close anyway' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes at once once printed', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const onClose = show();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalledOnce();
  });
});

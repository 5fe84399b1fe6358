import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SessionTally } from './session-tally';

afterEach(cleanup);

const tally = () => screen.getByRole('group', { name: /This session|Тази сесия/ });

describe("the session's tally and the day's free limit", () => {
  it('says nothing of a limit for an account without one', () => {
    renderWithProviders(<SessionTally correct={2} wrong={1} leftToday={null} />);
    expect(tally().textContent).not.toMatch(/left today/);
  });

  it('counts down what is left, and warns once five or fewer are left', () => {
    renderWithProviders(<SessionTally correct={2} wrong={1} leftToday={12} />);
    expect(tally()).toHaveTextContent('12 cards left today');
    cleanup();
    renderWithProviders(<SessionTally correct={2} wrong={1} leftToday={5} />);
    expect(tally()).toHaveTextContent('Only 5 cards left today');
    cleanup();
    renderWithProviders(<SessionTally correct={2} wrong={1} leftToday={1} />);
    expect(tally()).toHaveTextContent('Only 1 card left today');
    cleanup();
    renderWithProviders(<SessionTally correct={2} wrong={1} leftToday={0} />);
    expect(tally()).toHaveTextContent('No cards left today');
  });

  it('says it in Bulgarian', () => {
    renderWithProviders(<SessionTally correct={0} wrong={0} leftToday={12} />, { language: 'bg' });
    expect(tally()).toHaveTextContent('Остават 12 карти за днес');
    cleanup();
    renderWithProviders(<SessionTally correct={0} wrong={0} leftToday={1} />, { language: 'bg' });
    expect(tally()).toHaveTextContent('Остава само 1 карта за днес');
  });
});

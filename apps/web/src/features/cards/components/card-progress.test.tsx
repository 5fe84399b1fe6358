import type { KidsCard, Site, TextCard } from '@flashcards/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteQuery } from '../../../lib/site';
import { renderWithProviders } from '../../../test/render';
import { KidsCardItem, TextCardItem } from './card-item';
import { progressOf } from './card-progress';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const textCard = {
  id: 1,
  first_side: 'house',
  second_side: 'къща',
  category: 2,
  tag: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  guesses_score: 7,
  incorrect_guesses_score: 2,
  guesses_score_typing: 14,
  incorrect_guesses_score_typing: 0,
} satisfies TextCard;

function show(children: ReactNode, threshold = 10) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(siteQuery.queryKey, { learned_threshold: threshold } as Site);
  renderWithProviders(children, { queryClient });
}

const noop = () => {};

describe("a card's progress towards learned", () => {
  it('is counted up to the threshold and never past it', () => {
    expect(progressOf(7, 10)).toEqual({ done: 7, percent: 70, learned: false });
    expect(progressOf(14, 10)).toEqual({ done: 10, percent: 100, learned: true });
    expect(progressOf(1, 3)).toEqual({ done: 1, percent: 33, learned: false });
  });

  it('shows each mode of a text card as a bar named with its figures', () => {
    show(<TextCardItem card={textCard} onEdit={noop} onDelete={noop} />);
    const flipping = screen.getByRole('progressbar', { name: 'Verbal progress' });
    expect(flipping.getAttribute('aria-valuenow')).toBe('7');
    expect(flipping.getAttribute('aria-valuemax')).toBe('10');
    expect(flipping.getAttribute('aria-valuetext')).toBe('7 of 10 correct answers');
    const typing = screen.getByRole('progressbar', { name: 'Typing progress' });
    expect(typing.getAttribute('aria-valuetext')).toBe('Learned: 10 of 10 correct answers');
    expect(screen.getByText('7/10')).toBeVisible();
  });

  it("counts to the server's threshold, in the interface language", async () => {
    await i18n.changeLanguage('bg');
    show(<TextCardItem card={textCard} onEdit={noop} onDelete={noop} />, 4);
    const flipping = screen.getByRole('progressbar', { name: 'Напредък устно' });
    expect(flipping.getAttribute('aria-valuetext')).toBe('Научена: 4 от 4 верни отговора');
    expect(screen.getAllByText('4/4')).toHaveLength(2);
  });

  it('is not shown on kids cards, which count listens instead', () => {
    const kids = {
      id: 3,
      first_side: 'cat.jpg',
      first_side_url: '/media/cat.jpg',
      first_side_thumbnail_url: '/media/cat.jpg',
      second_side: 'cat',
      category: 2,
      language: 'en',
      audio_url: null,
      listen_counts: 5,
    } as unknown as KidsCard;
    show(
      <KidsCardItem card={kids} playing={false} onPlay={noop} onStop={noop} onEdit={noop} onDelete={noop} />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Listened 5 times')).toBeVisible();
  });
});

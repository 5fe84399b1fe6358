import { type Category, cardRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf } from '../../../lib/api-client';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ExportCardsMenu } from './export-cards-menu';
import { UploadCardsModal } from './upload-cards-modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const category = (type_of_cards: Category['type_of_cards']) =>
  ({ id: 5, name: 'Думи', type_of_cards, cards_len: 2 }) as Category;

const wrap = (node: ReactNode) => renderWithProviders(node);

describe('the export menu', () => {
  it('downloads the chosen format under the name the server gives', async () => {
    const server = fakeApi().on(
      cardRoutes.exportCards,
      () =>
        new Response('\ufeffside_one,side_two,tag\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="cards.csv"; filename*=UTF-8''${encodeURIComponent('Думи.csv')}`,
          },
        }),
    );
    const calls = () => server.calls.map(({ method, url }) => `${method} ${url.pathname}${url.search}`);
    URL.createObjectURL = vi.fn(() => 'blob:cards');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    wrap(<ExportCardsMenu category={category('text')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export the cards of this category' }));
    await screen.findAllByRole('menuitem');
    const items = () => screen.getAllByRole('menuitem', { hidden: true });
    expect([...new Set(items().map((item) => item.textContent))]).toEqual([
      'Anki deck (.apkg)',
      'CSV for spreadsheets (.csv)',
      'Text for Quizlet import (.txt)',
    ]);
    fireEvent.click(items().find((item) => item.textContent === 'CSV for spreadsheets (.csv)')!);
    await waitFor(() => expect(saved).toEqual(['Думи.csv']));
    expect(calls()).toEqual(['GET /api/card/category/5/export/?format=csv']);
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameOf(`attachment; filename="x.apkg"; filename*=UTF-8''%D0%94.apkg`)).toBe('Д.apkg');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('the upload dialog', () => {
  it('offers .apkg beside text files in a text category', () => {
    wrap(<UploadCardsModal category={category('text')} opened onClose={() => {}} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept.split(',')).toContain('.apkg');
    expect(screen.getByText(/An Anki package \(\.apkg\)/)).toBeVisible();
  });

  it('sends an Anki package of a picture category to the picture route', async () => {
    const server = fakeApi().on(cardRoutes.uploadPictureCards, { created: 3, skipped: [] });
    const calls = () => server.calls.map((call) => `${call.method} ${call.path}`);
    const onClose = vi.fn();
    wrap(<UploadCardsModal category={category('picture')} opened onClose={onClose} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.apkg');
    fireEvent.change(input, { target: { files: [new File(['PK'], 'deck.apkg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()).toEqual(['POST /api/card/card-picture-multiple/']);
  });

  it('lists the notes of a package left out, with why, and closes when the learner is done', async () => {
    fakeApi().on(cardRoutes.uploadTextCards, {
      created: 2,
      skipped: [
        { note: 3, excerpt: 'der Hund', reason: 'sound_only' },
        { note: 7, excerpt: '', reason: 'too_long' },
      ],
    });
    const onClose = vi.fn();
    wrap(<UploadCardsModal category={category('text')} opened onClose={onClose} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'deck.apkg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const list = await screen.findByRole('list', { name: '2 notes were left out' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Note 3 “der Hund” – a side has only a sound',
      'Note 7 – a side is longer than 1000 characters',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 cards were added.');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});

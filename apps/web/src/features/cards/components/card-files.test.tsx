import { type CardImport, type Category, cardRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fileNameOf } from '../../../lib/api-client';
import { fakeApi, reply } from '../../../test/fake-api';
import { type RenderOptions, renderWithProviders } from '../../../test/render';
import { ExportCardsMenu } from './export-cards-menu';
import { UploadCardsModal } from './upload-cards-modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const category = (type_of_cards: Category['type_of_cards']) =>
  ({ id: 5, name: 'Думи', type_of_cards, cards_len: 2 }) as Category;

const wrap = (node: ReactNode, options?: RenderOptions) => renderWithProviders(node, options);

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

const running = (fields: Partial<CardImport> = {}): CardImport => ({
  id: IMPORT_ID,
  category_id: 5,
  status: 'STARTED',
  done: 0,
  total: null,
  created: 0,
  skipped: [],
  error: null,
  ...fields,
});
const IMPORT_ID = '3f0c2a1e-8b4d-4c6a-9e2f-1a2b3c4d5e6f';

/** The import's states, one a poll, the last one kept. */
const polls = (...states: CardImport[]) => {
  let next = 0;
  return () => states[Math.min(next++, states.length - 1)] as CardImport;
};

const choose = (name: string) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['PK'], name)] } });
  return input;
};
const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
const POLLED = { timeout: 3000 };

/** The category page's part: the dialog, closed by its own buttons. */
function ClosablePage() {
  const [opened, setOpened] = useState(true);
  return <UploadCardsModal category={category('text')} opened={opened} onClose={() => setOpened(false)} />;
}

describe('the upload dialog', () => {
  it('offers text files and Anki packages in a text category', () => {
    wrap(<UploadCardsModal category={category('text')} opened onClose={() => {}} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['.txt', '.csv', '.tsv', '.apkg', '.colpkg']),
    );
    expect(screen.getByText(/An Anki package \(\.apkg or \.colpkg\)/)).toBeVisible();
    expect(screen.getByText(/at most 1,000 cards.*at most 50,000 notes and 200 MB/)).toBeVisible();
  });

  it('uploads a text file of a text category at once', async () => {
    const server = fakeApi().on(cardRoutes.uploadTextCards, { created: 25, skipped: [] });
    const onClose = vi.fn();
    wrap(<UploadCardsModal category={category('text')} opened onClose={onClose} />, { notifications: true });
    choose('cards.txt');
    upload();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('25 cards were added.')).toBeVisible();
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/card/card-text-multiple/',
    ]);
    expect(server.calls[0]?.body).toMatchObject({ category_id: '5' });
  });

  it('imports a package in the background, showing how far it got, then the cards added', async () => {
    const server = fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(
        cardRoutes.cardImport,
        polls(
          running({ done: 1234, total: 30000 }),
          running({ status: 'SUCCESS', done: 30000, total: 30000, created: 29990 }),
        ),
      );
    const onClose = vi.fn();
    const { queryClient } = wrap(<UploadCardsModal category={category('text')} opened onClose={onClose} />, {
      notifications: true,
    });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    choose('Shared deck.colpkg');
    upload();
    const status = await screen.findByText('Reading notes: 1,234 of 30,000');
    expect(status).toHaveAttribute('role', 'status');
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '1234');
    expect(bar).toHaveAttribute('aria-valuemax', '30000');
    expect(bar).toHaveAttribute('aria-valuetext', 'Reading notes: 1,234 of 30,000');
    expect(screen.getByText('You may close this dialog: the import goes on.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();

    await waitFor(() => expect(onClose).toHaveBeenCalled(), POLLED);
    expect(await screen.findByText('29,990 cards were added.')).toBeVisible();
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['decks'] });
    expect(server.sent().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/card/imports/',
      `GET /api/card/imports/${IMPORT_ID}/`,
      `GET /api/card/imports/${IMPORT_ID}/`,
    ]);
    const sent = server.calls[0]?.body as Record<string, unknown>;
    expect(sent.category_id).toBe('5');
    expect((sent.file as File).name).toBe('Shared deck.colpkg');
    expect(sent).not.toHaveProperty('language');
  });

  it('shows a bar without a value before the package’s notes are counted', async () => {
    fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(cardRoutes.cardImport, running({ status: 'STARTED' }));
    wrap(<UploadCardsModal category={category('picture')} opened onClose={() => {}} />);
    choose('deck.apkg');
    upload();
    expect(await screen.findByText('Opening the package…')).toHaveAttribute('role', 'status');
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Continue in the background' })).toHaveFocus();
  });

  it('lists the notes of a package left out, with why, and closes when the learner is done', async () => {
    fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(
        cardRoutes.cardImport,
        running({
          status: 'SUCCESS',
          done: 9,
          total: 9,
          created: 2,
          skipped: [
            { note: 3, excerpt: 'der Hund', reason: 'sound_only' },
            { note: 7, excerpt: '', reason: 'too_long' },
          ],
        }),
      );
    const onClose = vi.fn();
    wrap(<UploadCardsModal category={category('text')} opened onClose={onClose} />);
    choose('deck.apkg');
    upload();
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

  it('goes back to the form with the server’s reason when the import fails', async () => {
    fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(
        cardRoutes.cardImport,
        running({ status: 'FAILURE', error: 'The package has more than 50,000 notes.' }),
      );
    const onClose = vi.fn();
    wrap(<UploadCardsModal category={category('picture')} opened onClose={onClose} />);
    choose('huge.apkg');
    upload();
    expect(await screen.findByRole('alert')).toHaveTextContent('The package has more than 50,000 notes.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeVisible();
    expect(screen.getByRole('button', { name: /File/ })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal of a package beside the file', async () => {
    fakeApi().on(cardRoutes.startCardImport, reply(400, { file: ['This file is not an Anki package.'] }));
    wrap(<UploadCardsModal category={category('picture')} opened onClose={() => {}} />);
    choose('deck.apkg');
    upload();
    expect(await screen.findByText('This file is not an Anki package.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the cards are being added once every note was read', async () => {
    fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(cardRoutes.cardImport, running({ done: 300, total: 300 }));
    wrap(<UploadCardsModal category={category('text')} opened onClose={vi.fn()} />);
    choose('deck.apkg');
    upload();
    expect(await screen.findByText('Adding the cards…')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Reading notes/)).toBeNull();
  });

  it('says why an import could not start', async () => {
    fakeApi().on(cardRoutes.startCardImport, reply(409, { detail: 'An import of yours is still running.' }));
    wrap(<UploadCardsModal category={category('text')} opened onClose={() => {}} />);
    choose('deck.apkg');
    upload();
    expect(await screen.findByRole('alert')).toHaveTextContent('An import of yours is still running.');
  });

  it('sends the chosen language of a kids category’s cards, and takes packages only', async () => {
    const server = fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(cardRoutes.cardImport, running({ done: 5, total: 40 }));
    wrap(<UploadCardsModal category={{ ...category('kids'), language: 'bg' }} opened onClose={() => {}} />, {
      mantineEnv: 'test',
    });
    const input = choose('words.txt');
    expect(input.accept).toBe('.apkg,.colpkg');
    upload();
    expect(await screen.findByText('Choose an Anki package (.apkg or .colpkg).')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveValue('Bulgarian');
    // jsdom does not scroll: Mantine scrolls the list to the chosen language as it opens.
    Element.prototype.scrollIntoView = vi.fn();
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    fireEvent.click(screen.getByRole('combobox', { name: /^Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'German' }));
    choose('Tiere.apkg');
    upload();
    expect(await screen.findByText('Reading notes: 5 of 40')).toHaveAttribute('role', 'status');
    expect(server.calls[0]?.body).toMatchObject({ category_id: '5', language: 'de' });
  });

  it('goes on while the dialog is closed, and says how it ended', async () => {
    fakeApi()
      .on(cardRoutes.startCardImport, running({ status: 'PENDING' }))
      .on(
        cardRoutes.cardImport,
        polls(running({ done: 1, total: 3 }), running({ status: 'SUCCESS', done: 3, total: 3, created: 3 })),
      );
    wrap(<ClosablePage />, { notifications: true, mantineEnv: 'test' });
    choose('deck.apkg');
    upload();
    await screen.findByText('Reading notes: 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Continue in the background' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('3 cards were added.', {}, POLLED)).toBeVisible();
  });
});

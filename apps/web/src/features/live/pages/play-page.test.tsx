import type { LivePlayerState } from '@flashcards/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PlayPage } from './play-page';

/** The browser's WebSocket, played by the test: it records what the page sends and delivers what the test says. */
class TestSocket {
  static all: TestSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    TestSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    // The page says hello asynchronously; the test waits for what it sends.
    act(() => {
      this.onopen?.(new Event('open'));
    });
  }
  receive(message: unknown) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }
}

const latest = () => TestSocket.all.at(-1)!;

const playerState = (overrides: Partial<LivePlayerState> = {}): LivePlayerState => ({
  role: 'player',
  game: {
    id: 3,
    title: 'Capitals',
    phase: 'lobby',
    question: null,
    questions_count: 3,
    question_seconds: 20,
    teams: 0,
    players: 2,
  },
  you: { id: 11, nickname: 'Ana', score: 0, team: null, rank: 1, streak: 0 },
  question: null,
  answer: null,
  leaderboard: [],
  teams: [],
  ...overrides,
});

const questionState = (): LivePlayerState =>
  playerState({
    game: { ...playerState().game, phase: 'question', question: 0 },
    question: {
      position: 0,
      prompt: 'Bulgaria',
      picture: null,
      choices: ['Paris', 'Sofia', 'Rome', 'Lima'],
      opened_at: '2026-11-28T10:00:00.000Z',
      closes_at: '2026-11-28T10:00:20.000Z',
      correct: null,
    },
  });

const state = (revision: number, value: LivePlayerState) => ({
  type: 'state',
  revision,
  now: '2026-11-28T10:00:01.000Z',
  state: value,
});

describe('the player’s page', () => {
  beforeEach(() => {
    TestSocket.all = [];
    vi.stubGlobal('WebSocket', TestSocket);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('joins with the code of the address and a nickname, keeps the token and answers by key', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlayPage />, { at: '/play?code=123456' });

    expect(screen.getByRole('textbox', { name: 'Game code' })).toHaveValue('123456');
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), ' Ana ');
    await user.click(screen.getByRole('button', { name: 'Join' }));

    latest().open();
    await waitFor(() => expect(latest().sent).toEqual([{ type: 'join', code: '123456', nickname: 'Ana' }]));
    latest().receive({ type: 'joined', token: 'tok', player: 11 });
    latest().receive(state(1, playerState()));
    expect(await screen.findByRole('heading', { name: "You're in!" })).toHaveFocus();
    expect(JSON.parse(localStorage.getItem('liveToken') ?? '')).toEqual({ token: 'tok', code: '123456' });

    latest().receive(state(2, questionState()));
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toHaveFocus();
    const choices = screen.getAllByRole('button', { name: /^[A-D]: / });
    expect(choices.map((button) => button.getAttribute('aria-label'))).toEqual([
      'A: Paris',
      'B: Sofia',
      'C: Rome',
      'D: Lima',
    ]);

    await user.keyboard('2');
    expect(latest().sent.at(-1)).toEqual({ type: 'answer', question: 0, choice: 1 });
    expect(screen.getByText('Answer sent', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'A: Paris' })).not.toBeInTheDocument();

    latest().receive({ type: 'answered', question: 0, choice: 1 });
    expect(screen.getByText('Answer received', { selector: 'p' })).toBeVisible();
    // A state older than the one shown changes nothing.
    latest().receive(state(1, playerState()));
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
  });

  it('says why joining was refused beside the field it names', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlayPage />, { at: '/play' });
    await user.type(screen.getByRole('textbox', { name: 'Game code' }), '654321');
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    latest().open();
    await waitFor(() => expect(latest().sent).toHaveLength(1));
    latest().receive({
      type: 'error',
      status: 400,
      key: 'live_nickname_taken',
      fields: { nickname: 'live_nickname_taken' },
    });
    expect(
      await screen.findByText('Someone in this game already has this nickname. Choose another.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute('aria-invalid', 'true');
    expect(latest().readyState).toBe(3);
  });

  it('comes back with the stored token, and forgets it when the host removed the player', async () => {
    localStorage.setItem('liveToken', JSON.stringify({ token: 'tok', code: '123456' }));
    renderWithProviders(<PlayPage />, { at: '/play' });
    expect(screen.getByText('Taking you back into your game…')).toBeVisible();
    latest().open();
    await waitFor(() => expect(latest().sent).toEqual([{ type: 'resume', token: 'tok' }]));
    latest().receive(state(4, playerState()));
    expect(await screen.findByRole('heading', { name: "You're in!" })).toBeVisible();

    latest().receive({ type: 'error', status: 404, key: 'live_removed' });
    expect(await screen.findByText('The host removed you from this game.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join' })).toBeVisible();
    expect(localStorage.getItem('liveToken')).toBeNull();
  });

  it('joins afresh when the address names another game than the stored one', () => {
    localStorage.setItem('liveToken', JSON.stringify({ token: 'tok', code: '123456' }));
    renderWithProviders(<PlayPage />, { at: '/play?code=999999' });
    expect(screen.getByRole('textbox', { name: 'Game code' })).toHaveValue('999999');
    expect(TestSocket.all).toHaveLength(0);
  });
});

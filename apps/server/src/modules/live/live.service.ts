import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type CreateLiveGameBody,
  cardPlainText,
  LIVE_CHOICES,
  LIVE_CODE_LENGTH,
  LIVE_NICKNAME_MAX_LENGTH,
  LIVE_QUESTIONS,
} from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { Database, Transaction } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { conflict, invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/translate';
import type { CardsService } from '../cards/cards.service';
import type { ExamsService } from '../exams/exams.service';
import type { LearningPathsService } from '../learning-paths/learning-paths.service';
import type { LiveBus, LiveChange } from './live.bus';
import { livePolicy } from './live.policy';
import * as repo from './live.repository';
import { isRudeNickname } from './nickname-filter';
import { scoreAnswer } from './scoring';

/** Games listed to their host. */
const HOSTED_GAMES_LISTED = 50;

/** Tries at a free join code before giving up (a million codes, few games open at once). */
const CODE_TRIES = 10;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newCode = () => String(randomInt(10 ** LIVE_CODE_LENGTH)).padStart(LIVE_CODE_LENGTH, '0');

/** The items in a random order (Fisher-Yates with the system's random source). */
const shuffled = <T>(items: readonly T[]) => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
};

/** What makes two answers the same choice: their plain text, whatever its case and spacing. */
const answerKey = (text: string) => cardPlainText(text).trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Questions drafted from a category's cards: as many cards as asked for (or all), each with its answer
 * among three other answers of the category, in a random order. Null when the category has fewer than
 * four different answers.
 */
const LETTERS = ['a', 'b', 'c', 'd'] as const;
type TestQuestion = Awaited<ReturnType<ExamsService['test']>>['questions'][number];

/**
 * A test's questions a live game can ask, in the test's order: those with one right answer. A question of
 * one correct answer shows its answers that are not blank; true or false shows the two words; several
 * answers with only one of them right is asked as one correct answer. Typed answers, matching, ordering
 * and several right answers are left out (a phone gives one tap a question).
 */
export const liveQuestionsOfTest = (questions: TestQuestion[], count: number, trueFalse: [string, string]) =>
  questions
    .flatMap((question) => {
      const base = { cardId: null, prompt: question.question_text, picture: question.picture };
      if (question.kind === 'true_false' && question.settings?.kind === 'true_false')
        return [{ ...base, choices: trueFalse, correct: question.settings.correct ? 0 : 1 }];
      const letter =
        question.kind === 'single'
          ? question.correct_answer
          : question.settings?.kind === 'multiple' && question.settings.correct.length === 1
            ? question.settings.correct[0]
            : null;
      if (!letter) return [];
      const answers = [question.answer_a, question.answer_b, question.answer_c, question.answer_d];
      const shown = LETTERS.filter((_, index) => answers[index]!.trim() !== '');
      const correct = shown.indexOf(letter);
      if (correct < 0 || shown.length < 2) return [];
      return [
        { ...base, choices: shown.map((shownLetter) => answers[LETTERS.indexOf(shownLetter)]!), correct },
      ];
    })
    .slice(0, count)
    .map((question, position) => ({ ...question, position }));

export type LiveSnapshot = {
  game: repo.LiveGameRow;
  question: repo.LiveQuestionRow | null;
  players: repo.LivePlayerRow[];
  answers: repo.LiveAnswerRow[];
};

export const draftLiveQuestions = (
  all: { id: number; front: string; back: string; occluded?: boolean }[],
  count: number,
  kind: 'text' | 'picture' | 'kids',
) => {
  // An image occlusion card's picture is shared by its cards: shown alone, it would not say what is asked.
  const cards = all.filter((card) => !card.occluded);
  const answers = new Map<string, string>();
  for (const card of cards)
    if (!answers.has(answerKey(card.back))) answers.set(answerKey(card.back), card.back);
  if (answers.size < LIVE_CHOICES) return null;
  return shuffled(cards)
    .slice(0, count)
    .map((card, position) => {
      const own = answerKey(card.back);
      const others = shuffled([...answers].filter(([key]) => key !== own).map(([, text]) => text)).slice(
        0,
        LIVE_CHOICES - 1,
      );
      const choices = shuffled([card.back, ...others]);
      return {
        position,
        cardId: card.id,
        prompt: kind === 'text' ? card.front : '',
        picture: kind === 'text' ? null : card.front,
        choices,
        correct: choices.indexOf(card.back),
      };
    });
};

/**
 * Live games (docs/live.md): a host makes a game from a category and runs it; players join with its code
 * and a nickname and answer each question while it is open on the server's clock. Every change is one
 * transaction; listeners hear of it after it commits.
 */
export const createLiveService = ({
  db,
  clock,
  cards,
  exams,
  learningPaths,
  bus,
  maxPlayers,
}: {
  db: Database;
  clock: Clock;
  cards: CardsService;
  exams: ExamsService;
  learningPaths: LearningPathsService;
  bus: LiveBus;
  maxPlayers: number;
}) => {
  const changed = (game: { id: number; revision: number }, kind: LiveChange['kind'] = 'state') =>
    bus.publish({ gameId: game.id, revision: game.revision, kind });

  const hosted = async (actor: Actor, id: number) =>
    authorize(actor, livePolicy.host, await repo.findGame(db, id));

  /** A question whose time ran out is closed by whoever looks first: a read never shows it still open. */
  const settle = async (game: repo.LiveGameRow) => {
    if (game.phase === 'question' && game.closesAt && game.closesAt <= clock.now())
      return (await close(game.id, game.question!)) ?? game;
    return game;
  };

  /** Signed-in players' answers to a card count as their study of it (docs/live.md "After the game"). */
  const countStudy = async (tx: Transaction, gameId: number, position: number) => {
    const question = await repo.question(tx, gameId, position);
    if (question?.cardId)
      await learningPaths.countAnswersElsewhere(
        tx,
        question.cardId,
        await repo.signedInAnswers(tx, gameId, position),
      );
  };

  /** Closes the question if it is still the open one: its silent players' streaks end. */
  const close = async (gameId: number, position: number) => {
    const closed = await db.transaction(async (tx) => {
      const game = await repo.lockGame(tx, gameId);
      if (game?.phase !== 'question' || game.question !== position) return null;
      await repo.endStreaksOfSilent(tx, gameId, position);
      await countStudy(tx, gameId, position);
      const now = clock.now();
      return repo.updateGame(tx, gameId, {
        phase: 'reveal',
        closesAt: game.closesAt && game.closesAt < now ? game.closesAt : now,
      });
    });
    if (closed) await changed(closed);
    return closed;
  };

  /** Opens a question: its time starts now and runs out at its closing time, when it closes by itself. */
  const open = async (tx: Transaction, game: repo.LiveGameRow, position: number) => {
    const openedAt = clock.now();
    const closesAt = new Date(openedAt.getTime() + game.questionSeconds * 1000);
    await repo.questionOpened(tx, game.id, position, openedAt);
    return repo.updateGame(tx, game.id, { phase: 'question', question: position, openedAt, closesAt });
  };

  const ofCategory = async (actor: Actor, id: number, count: number) => {
    const { category, cards: all } = await cards.forTest(actor, id);
    const questions = draftLiveQuestions(all, count, category.kind);
    if (!questions) throw invalid({ category: 'live_too_few_cards' });
    return { title: category.name, categoryId: category.id, questions };
  };

  const ofTest = async (actor: Actor, id: number, count: number, language: Language) => {
    const { test, questions: all } = await exams.test(actor, id);
    const questions = liveQuestionsOfTest(all, count, [
      translate(language, 'exams:kinds.true'),
      translate(language, 'exams:kinds.false'),
    ]);
    if (questions.length === 0) throw invalid({ test: 'live_no_questions' });
    return { title: test.name, categoryId: null, questions };
  };

  const closeWhenDue = (game: repo.LiveGameRow) => {
    if (game.phase !== 'question' || !game.closesAt) return;
    void clock
      .sleep(game.closesAt.getTime() - clock.now().getTime())
      .then(() => close(game.id, game.question!))
      .catch(() => undefined);
  };

  return {
    /**
     * Hears of every committed change of any game, from any process (the sockets of this process push
     * the new state); `resync` when changes may have been missed.
     */
    onChange: (listener: (change: LiveChange) => void, resync?: () => void) =>
      bus.subscribe(listener, resync),

    /** A game of one of my categories or tests, in its lobby; true or false in the host's language. */
    async create(actor: Actor, input: CreateLiveGameBody, language: Language) {
      const { title, categoryId, questions } = input.test
        ? await ofTest(actor, input.test, input.questions ?? LIVE_QUESTIONS.max, language)
        : await ofCategory(actor, input.category!, input.questions ?? LIVE_QUESTIONS.default);
      for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
        const game = await db.transaction((tx) =>
          repo.insertGame(
            tx,
            {
              hostId: actor.id,
              categoryId,
              title,
              code: newCode(),
              questionsCount: questions.length,
              questionSeconds: input.question_seconds,
              teams: input.teams,
              streakBonus: input.streak_bonus,
              maxPlayers,
              createdAt: clock.now(),
            },
            questions,
          ),
        );
        if (game) return game;
      }
      throw conflict('live_no_code');
    },

    /** The games I hosted, the latest first, with how many players each has. */
    hostedGames: (actor: Actor) => repo.hostedGames(db, actor.id, HOSTED_GAMES_LISTED),

    /**
     * What every screen of a game shows, read once for all of them: the game (a question whose time ran
     * out closed), the question shown, the players best first and the answers to that question.
     */
    async snapshot(gameId: number): Promise<LiveSnapshot | null> {
      const found = await repo.findGame(db, gameId);
      if (!found) return null;
      const game = await settle(found);
      if (game.question === null)
        return { game, question: null, players: await repo.standings(db, gameId), answers: [] };
      const [question, players, answers] = await Promise.all([
        repo.question(db, gameId, game.question),
        repo.standings(db, gameId),
        repo.answers(db, gameId, game.question),
      ]);
      return { game, question: question ?? null, players, answers };
    },

    /** How many players answered a question so far. */
    answerCount: (gameId: number, position: number) => repo.countAnswers(db, gameId, position),

    /** Closes the game's open question once its time ran out (a process showing it waits for that moment). */
    async closeWhenOver(gameId: number, position: number) {
      const game = await repo.findGame(db, gameId);
      if (game?.question === position) await settle(game);
    },

    /** A game I host, with its questions, its players best first and every answer. */
    async results(actor: Actor, id: number) {
      const game = await settle(await hosted(actor, id));
      const [questions, players, answers] = await Promise.all([
        repo.questions(db, id),
        repo.standings(db, id),
        repo.answers(db, id),
      ]);
      return { game, questions, players, answers };
    },

    /** A game I host, with its players. */
    async hostGame(actor: Actor, id: number) {
      const game = await settle(await hosted(actor, id));
      return { game, players: await repo.activePlayers(db, id) };
    },

    /**
     * A player joins an open game by its code: a nickname of their own in it, a team with the fewest
     * members (teams), and a token their browser keeps to come back as the same player.
     */
    async join(input: { code: string; nickname: string; userId: number | null }) {
      const nickname = input.nickname.trim().replace(/\s+/g, ' ');
      if (!nickname) throw invalid({ nickname: 'field_required' });
      if ([...nickname].length > LIVE_NICKNAME_MAX_LENGTH) throw invalid({ nickname: 'live_nickname_long' });
      if (isRudeNickname(nickname)) throw invalid({ nickname: 'live_nickname_word' });
      const found = await repo.findOpenGame(db, input.code.trim());
      if (!found) throw notFound();
      const token = randomBytes(24).toString('base64url');
      const joined = await db.transaction(async (tx) => {
        const game = await repo.lockGame(tx, found.id);
        if (!game || game.phase === 'finished') throw notFound();
        if ((await repo.countPlayers(tx, game.id)) >= game.maxPlayers) throw conflict('live_full');
        let team: number | null = null;
        if (game.teams > 0) {
          const sizes = await repo.teamSizes(tx, game.id);
          const smallest = Math.min(
            ...Array.from({ length: game.teams }, (_, index) => sizes.get(index) ?? 0),
          );
          const candidates = Array.from({ length: game.teams }, (_, index) => index).filter(
            (index) => (sizes.get(index) ?? 0) === smallest,
          );
          team = candidates[randomInt(candidates.length)]!;
        }
        const player = await repo.insertPlayer(tx, {
          gameId: game.id,
          nickname,
          userId: input.userId,
          tokenHash: hashToken(token),
          team,
          joinedAt: clock.now(),
        });
        if (!player) throw invalid({ nickname: 'live_nickname_taken' });
        return { game: await repo.updateGame(tx, game.id, {}), player };
      });
      await changed(joined.game);
      return { ...joined, token };
    },

    /** The player a token names, back in their game with their score (a reload, a dropped network). */
    async resume(token: string) {
      const player = await repo.findPlayerByToken(db, hashToken(token));
      const game = player && (await repo.findGame(db, player.gameId));
      if (!player || !game) throw notFound();
      return { game: await settle(game), player };
    },

    /** The host opens the first question. */
    async start(actor: Actor, id: number) {
      await hosted(actor, id);
      const game = await db.transaction(async (tx) => {
        const locked = (await repo.lockGame(tx, id))!;
        if (locked.phase !== 'lobby') throw conflict('live_started');
        return open(tx, locked, 0);
      });
      await changed(game);
      closeWhenDue(game);
      return game;
    },

    /**
     * An answer to the open question, scored on the server's clock: right ones score more the sooner they
     * come. One answer a question; none once it closed (409). The last player to answer closes it.
     */
    async answer(token: string, position: number, choice: number) {
      const player = await repo.findPlayerByToken(db, hashToken(token));
      if (!player) throw notFound();
      const answeredAt = clock.now();
      const taken = await db.transaction(async (tx) => {
        const game = await repo.shareGame(tx, player.gameId);
        if (
          game?.phase !== 'question' ||
          game.question !== position ||
          !game.closesAt ||
          game.closesAt <= answeredAt
        )
          throw conflict('live_question_closed');
        const question = (await repo.question(tx, game.id, position))!;
        if (!Number.isInteger(choice) || choice < 0 || choice >= question.choices.length)
          throw invalid({ choice: 'invalid_choice' });
        const correct = choice === question.correct;
        const { points, streak } = scoreAnswer({
          correct,
          openedAt: game.openedAt!,
          closesAt: game.closesAt,
          answeredAt,
          streak: player.streak,
          streakBonus: game.streakBonus,
        });
        if (
          !(await repo.insertAnswer(tx, {
            gameId: game.id,
            playerId: player.id,
            position,
            choice,
            correct,
            points,
            answeredAt,
          }))
        )
          throw conflict('live_answered');
        await repo.setPlayerScore(tx, player.id, points, streak);
        return { game, points, correct };
      });
      if (await repo.everyoneAnswered(db, taken.game.id, position)) await close(taken.game.id, position);
      else await changed(taken.game, 'answers');
      return { position, choice };
    },

    /** The host closes the open question early, or opens the next one after its answer was shown. */
    async next(actor: Actor, id: number) {
      const current = await settle(await hosted(actor, id));
      if (current.phase === 'question') return close(id, current.question!);
      const game = await db.transaction(async (tx) => {
        const locked = (await repo.lockGame(tx, id))!;
        if (locked.phase !== 'reveal') throw conflict('live_not_revealed');
        const following = locked.question! + 1;
        if (following >= locked.questionsCount)
          return repo.updateGame(tx, id, { phase: 'finished', endedAt: clock.now() });
        return open(tx, locked, following);
      });
      await changed(game);
      closeWhenDue(game);
      return game;
    },

    /** The host removes a player: their token no longer brings them back, and they leave the scores. */
    async remove(actor: Actor, id: number, playerId: number) {
      await hosted(actor, id);
      const game = await db.transaction(async (tx) => {
        await repo.lockGame(tx, id);
        const player = await repo.findPlayer(tx, id, playerId);
        if (!player || player.removedAt) throw notFound();
        await repo.removePlayer(tx, playerId, clock.now());
        return repo.updateGame(tx, id, {});
      });
      await changed(game);
    },

    /** The host ends the game: its code is free again and no answer counts any more. */
    async end(actor: Actor, id: number) {
      await hosted(actor, id);
      const game = await db.transaction(async (tx) => {
        const locked = (await repo.lockGame(tx, id))!;
        if (locked.phase === 'finished') return locked;
        // Ended with a question open: its answers so far count as they would have when it closed.
        if (locked.phase === 'question') await countStudy(tx, id, locked.question!);
        return repo.updateGame(tx, id, { phase: 'finished', endedAt: clock.now() });
      });
      await changed(game);
      return game;
    },
  };
};

export type LiveService = ReturnType<typeof createLiveService>;

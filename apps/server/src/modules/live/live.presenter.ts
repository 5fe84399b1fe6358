import {
  cardPlainText,
  LIVE_LEADERBOARD_SIZE,
  LIVE_RESULTS_CSV_COLUMNS,
  type LiveGame,
  type LiveHostState,
  type LivePlayerState,
  type LiveQuestion,
  type LiveResults,
  type LiveStanding,
  spreadsheetCell,
} from '@flashcards/contract';
import { stringify } from 'csv-stringify/sync';
import type { LiveAnswerRow, LiveGameRow, LivePlayerRow, LiveQuestionRow } from './live.repository';
import type { LiveSnapshot } from './live.service';
import { teamScore } from './scoring';

/** Where a stored picture is served. */
type PictureUrl = (key: string) => string;

const gameFacts = (game: LiveGameRow) => ({
  id: game.id,
  title: game.title,
  phase: game.phase,
  question: game.question,
  questions_count: game.questionsCount,
  question_seconds: game.questionSeconds,
  teams: game.teams,
});

const gameSummary = (game: LiveGameRow) => ({
  ...gameFacts(game),
  code: game.code,
  streak_bonus: game.streakBonus,
  max_players: game.maxPlayers,
  created_at: game.createdAt.toISOString(),
  ended_at: game.endedAt?.toISOString() ?? null,
});

export const toHostGame = (game: LiveGameRow, players: LivePlayerRow[]): LiveGame => ({
  ...gameSummary(game),
  players: players.map((player) => ({
    id: player.id,
    nickname: player.nickname,
    score: player.score,
    streak: player.streak,
    team: player.team,
  })),
});

export const toHostedGame = ({ game, players }: { game: LiveGameRow; players: number }) => ({
  ...gameSummary(game),
  players,
});

/** Players best first with their ranks: equal scores share a rank (1, 2, 2, 4). */
export const toStandings = (players: LivePlayerRow[]): LiveStanding[] => {
  const sorted = [...players].sort((a, b) => b.score - a.score || a.id - b.id);
  let rank = 0;
  return sorted.map((player, index) => {
    if (index === 0 || player.score !== sorted[index - 1]!.score) rank = index + 1;
    return { id: player.id, nickname: player.nickname, score: player.score, team: player.team, rank };
  });
};

/** Each team with members: its score is their mean (docs/live.md "Scoring"), best first. */
export const toTeamStandings = (game: LiveGameRow, players: LivePlayerRow[]) => {
  if (game.teams === 0) return [];
  const teams = Array.from({ length: game.teams }, (_, team) => {
    const members = players.filter((player) => player.team === team);
    return { team, score: teamScore(members.map((member) => member.score)), members: members.length };
  })
    .filter((team) => team.members > 0)
    .sort((a, b) => b.score - a.score || a.team - b.team);
  let rank = 0;
  return teams.map((team, index) => {
    if (index === 0 || team.score !== teams[index - 1]!.score) rank = index + 1;
    return { ...team, rank };
  });
};

const distributionOf = (question: LiveQuestionRow, answers: LiveAnswerRow[]) => {
  const counts = question.choices.map(() => 0);
  for (const answer of answers) counts[answer.choice] = (counts[answer.choice] ?? 0) + 1;
  return counts;
};

const questionView = (
  question: LiveQuestionRow,
  game: LiveGameRow,
  answers: LiveAnswerRow[],
  pictureUrl: PictureUrl,
): LiveQuestion => {
  const revealed = game.phase !== 'question';
  return {
    position: question.position,
    prompt: question.prompt,
    picture: question.picture ? pictureUrl(question.picture) : null,
    choices: question.choices,
    opened_at: (game.openedAt ?? game.createdAt).toISOString(),
    closes_at: (game.closesAt ?? game.createdAt).toISOString(),
    correct: revealed ? question.correct : null,
    answered: answers.length,
    distribution: revealed ? distributionOf(question, answers) : null,
  };
};

/**
 * The views of one snapshot: the standings are ranked once, then each screen's view is cut from them,
 * so a push to a thousand phones reads the database once.
 */
export const snapshotViews = (snapshot: LiveSnapshot, pictureUrl: PictureUrl) => {
  const { game, question, players, answers } = snapshot;
  const standings = toStandings(players);
  const teams = toTeamStandings(game, players);
  const view = question && questionView(question, game, answers, pictureUrl);
  const revealed = game.phase === 'reveal' || game.phase === 'finished';
  const leaderboard = revealed ? standings.slice(0, LIVE_LEADERBOARD_SIZE) : [];
  const answerOf = new Map(answers.map((answer) => [answer.playerId, answer]));
  const playerOf = new Map(players.map((player) => [player.id, player]));
  const standingOf = new Map(standings.map((standing) => [standing.id, standing]));
  const facts = { ...gameFacts(game), players: players.length };
  const playerQuestion = view && {
    position: view.position,
    prompt: view.prompt,
    picture: view.picture,
    choices: view.choices,
    opened_at: view.opened_at,
    closes_at: view.closes_at,
    correct: view.correct,
  };

  // Made once, when a host is among the screens.
  let host: LiveHostState | undefined;

  return {
    game,
    host: (): LiveHostState =>
      (host ??= {
        role: 'host',
        game: {
          ...gameFacts(game),
          code: game.code,
          streak_bonus: game.streakBonus,
          max_players: game.maxPlayers,
        },
        players: standings,
        question: view,
        teams,
      }),
    /** A player's view; null when they are no longer in the game. */
    player: (playerId: number): LivePlayerState | null => {
      const player = playerOf.get(playerId);
      const standing = standingOf.get(playerId);
      if (!player || !standing) return null;
      const answer = view ? answerOf.get(playerId) : undefined;
      return {
        role: 'player',
        game: facts,
        you: { ...standing, streak: player.streak },
        question: playerQuestion,
        answer: answer
          ? {
              choice: answer.choice,
              correct: revealed ? answer.correct : null,
              points: revealed ? answer.points : null,
            }
          : null,
        leaderboard,
        teams,
      };
    },
  };
};

const groupBy = <T, K>(items: T[], keyOf: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

export const toResults = (
  {
    game,
    questions,
    players,
    answers,
  }: {
    game: LiveGameRow;
    questions: LiveQuestionRow[];
    players: LivePlayerRow[];
    answers: LiveAnswerRow[];
  },
  pictureUrl: PictureUrl,
): LiveResults => {
  const openedAt = new Map(questions.map((question) => [question.position, question.openedAt]));
  const byPlayer = groupBy(answers, (answer) => answer.playerId);
  const byQuestion = groupBy(answers, (answer) => answer.position);
  const signedIn = new Set(players.filter((player) => player.userId !== null).map((player) => player.id));
  return {
    game: gameSummary(game),
    questions: questions.map((question) => {
      const revealed = game.phase !== 'question' || game.question !== question.position;
      return {
        position: question.position,
        prompt: question.prompt,
        picture: question.picture ? pictureUrl(question.picture) : null,
        choices: question.choices,
        correct: revealed ? question.correct : null,
        distribution: revealed ? distributionOf(question, byQuestion.get(question.position) ?? []) : null,
      };
    }),
    players: toStandings(players).map((standing) => ({
      ...standing,
      signed_in: signedIn.has(standing.id),
      answers: (byPlayer.get(standing.id) ?? []).map((answer) => ({
        question: answer.position,
        choice: answer.choice,
        correct: answer.correct,
        points: answer.points,
        time_ms: Math.max(
          0,
          answer.answeredAt.getTime() - (openedAt.get(answer.position) ?? answer.answeredAt).getTime(),
        ),
      })),
    })),
    teams: toTeamStandings(game, players),
  };
};

/**
 * The results as a CSV file: a line per player and question, best player first, UTF-8 with a BOM (a
 * spreadsheet then reads Cyrillic right). Nicknames and cards are other people's text, so a cell that
 * would start a formula is written as text. A question a player left unanswered has an empty answer.
 */
export const toResultsCsv = (results: LiveResults) => {
  const lines = results.players.flatMap((player) => {
    const answerTo = new Map(player.answers.map((answer) => [answer.question, answer]));
    return results.questions.map((question) => {
      const answer = answerTo.get(question.position);
      return [
        String(player.rank),
        player.nickname,
        player.team === null ? '' : String(player.team + 1),
        String(player.score),
        String(question.position + 1),
        question.picture ?? cardPlainText(question.prompt),
        answer ? cardPlainText(question.choices[answer.choice] ?? '') : '',
        answer ? (answer.correct ? 'yes' : 'no') : '',
        answer ? String(answer.points) : '',
        answer ? (answer.time_ms / 1000).toFixed(1) : '',
      ].map(spreadsheetCell);
    });
  });
  return Buffer.from(
    stringify(lines, {
      header: true,
      columns: [...LIVE_RESULTS_CSV_COLUMNS],
      bom: true,
      record_delimiter: 'windows',
      quoted_match: /[\r\n]/,
    }),
  );
};

import type { LiveGame } from '@flashcards/contract';
import type { LiveGameRow, LivePlayerRow } from './live.repository';

export const toHostGame = (game: LiveGameRow, players: LivePlayerRow[]): LiveGame => ({
  id: game.id,
  code: game.code,
  title: game.title,
  phase: game.phase,
  question: game.question,
  questions_count: game.questionsCount,
  question_seconds: game.questionSeconds,
  teams: game.teams,
  streak_bonus: game.streakBonus,
  max_players: game.maxPlayers,
  players: players.map((player) => ({
    id: player.id,
    nickname: player.nickname,
    score: player.score,
    streak: player.streak,
    team: player.team,
  })),
  created_at: game.createdAt.toISOString(),
  ended_at: game.endedAt?.toISOString() ?? null,
});

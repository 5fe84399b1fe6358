import { readStored, storageKeys, writeStored } from '../../lib/storage';

/** What this browser keeps of the game it plays: the token joining gave it, and the game's code. */
export type StoredPlayer = { token: string; code: string };

/**
 * The player this browser is in a live game, kept in local storage so that a reload, a locked phone or
 * another tab comes back into the game as the same player with the same score; null when there is none
 * (or what is stored cannot be read).
 */
export const storedPlayer = (): StoredPlayer | null => {
  const stored = readStored(storageKeys.liveToken);
  if (!stored) return null;
  try {
    const { token, code } = JSON.parse(stored) as Partial<StoredPlayer>;
    return typeof token === 'string' && token && typeof code === 'string' ? { token, code } : null;
  } catch {
    return null;
  }
};

export const keepPlayer = (player: StoredPlayer): void =>
  writeStored(storageKeys.liveToken, JSON.stringify(player));

/** Forgets the player: the game ended for them (removed, the game gone, or they join another). */
export const forgetPlayer = (): void => writeStored(storageKeys.liveToken, null);

/**
 * The stored player to come back as on opening the join page: none when the address names another
 * game's code (a new game's QR code scanned by a phone that played an old one).
 */
export const playerToResume = (codeInAddress: string | null): StoredPlayer | null => {
  const stored = storedPlayer();
  if (!stored) return null;
  return codeInAddress && codeInAddress !== stored.code ? null : stored;
};

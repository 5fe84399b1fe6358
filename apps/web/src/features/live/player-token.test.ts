import { afterEach, describe, expect, it } from 'vitest';
import { forgetPlayer, keepPlayer, playerToResume, storedPlayer } from './player-token';

describe('the stored player', () => {
  afterEach(() => localStorage.clear());

  it('is kept in local storage until forgotten', () => {
    expect(storedPlayer()).toBeNull();
    keepPlayer({ token: 't0k3n', code: '123456' });
    expect(storedPlayer()).toEqual({ token: 't0k3n', code: '123456' });
    forgetPlayer();
    expect(storedPlayer()).toBeNull();
    expect(localStorage.getItem('liveToken')).toBeNull();
  });

  it('reads anything else stored there as none', () => {
    for (const stored of ['', 'not json', '{"code":"123456"}', '{"token":"","code":"1"}', 'null']) {
      localStorage.setItem('liveToken', stored);
      expect(storedPlayer()).toBeNull();
    }
  });

  it('comes back into its game, unless the address names another game', () => {
    keepPlayer({ token: 't0k3n', code: '123456' });
    expect(playerToResume(null)).toEqual({ token: 't0k3n', code: '123456' });
    expect(playerToResume('123456')).toEqual({ token: 't0k3n', code: '123456' });
    expect(playerToResume('654321')).toBeNull();
  });
});

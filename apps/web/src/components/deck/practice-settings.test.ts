import { describe, expect, it } from 'vitest';
import {
  draftFromParams,
  lastSettings,
  rememberSettings,
  settingsFromParams,
  settingsToParams,
  studyAddress,
} from './practice-settings';

describe('practice settings in the address', () => {
  it('round-trips through the query string', () => {
    const settings = {
      tags: ['west', 'balkans'],
      quantity: 5,
      type: 'typing',
      mode: 'gaming',
      ignoreAccents: false,
    } as const;
    const params = settingsToParams({ ...settings, tags: [...settings.tags] });
    expect(params.toString()).toBe('tags=west%2Cbalkans&quantity=5&type=typing&mode=gaming');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(settings);
  });

  it('keeps the choice to ignore accents, for typing only', () => {
    const typing = {
      tags: [],
      quantity: null,
      type: 'typing',
      mode: 'standard',
      ignoreAccents: true,
    } as const;
    const params = settingsToParams({ ...typing, tags: [] });
    expect(params.toString()).toBe('type=typing&mode=standard&accents=ignore');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(typing);
    expect(settingsToParams({ ...typing, tags: [], type: 'verbal' }).toString()).toBe(
      'type=verbal&mode=standard',
    );
  });

  it('asks for the modals while the type or the mode is missing or unknown', () => {
    expect(settingsFromParams(new URLSearchParams(''))).toBeNull();
    expect(settingsFromParams(new URLSearchParams('type=verbal'))).toBeNull();
    expect(settingsFromParams(new URLSearchParams('type=spoken&mode=standard'))).toBeNull();
    expect(draftFromParams(new URLSearchParams('tags=a,,b&quantity=0'))).toEqual({
      tags: ['a', 'b'],
      quantity: null,
      type: 'verbal',
      mode: 'standard',
      ignoreAccents: false,
    });
  });

  it('drops a quantity that is not a whole number from 1 to 1000', () => {
    for (const value of ['0', '-3', '2.5', 'ten', '1001'])
      expect(settingsFromParams(new URLSearchParams(`quantity=${value}&type=verbal&mode=standard`))).toEqual({
        tags: [],
        quantity: null,
        type: 'verbal',
        mode: 'standard',
        ignoreAccents: false,
      });
  });
});

describe('"Study" in one click', () => {
  it('starts verbal and standard at first, then as the last session was set, without its tags', () => {
    localStorage.clear();
    expect(studyAddress('/flash-cards-text/7')).toBe('/flash-cards-text/7?type=verbal&mode=standard');
    rememberSettings({ tags: ['west'], quantity: 3, type: 'typing', mode: 'gaming', ignoreAccents: true });
    expect(lastSettings()).toEqual({
      tags: [],
      quantity: null,
      type: 'typing',
      mode: 'gaming',
      ignoreAccents: true,
    });
    expect(studyAddress('/flash-cards-text/7')).toBe(
      '/flash-cards-text/7?type=typing&mode=gaming&accents=ignore',
    );
  });

  it('falls back to the defaults when what is kept is not a setting', () => {
    localStorage.setItem('practice-last', '{"type":"spoken","mode":"standard","ignoreAccents":true}');
    expect(lastSettings()).toMatchObject({ type: 'verbal', mode: 'standard', ignoreAccents: false });
    localStorage.setItem('practice-last', 'not json');
    expect(lastSettings()).toMatchObject({ type: 'verbal', mode: 'standard' });
    localStorage.clear();
  });
});

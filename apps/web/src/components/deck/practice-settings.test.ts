import { describe, expect, it } from 'vitest';
import { draftFromParams, settingsFromParams, settingsToParams } from './practice-settings';

describe('practice settings in the address', () => {
  it('round-trips through the query string', () => {
    const settings = { tags: ['west', 'balkans'], quantity: 5, type: 'typing', mode: 'gaming' } as const;
    const params = settingsToParams({ ...settings, tags: [...settings.tags] });
    expect(params.toString()).toBe('tags=west%2Cbalkans&quantity=5&type=typing&mode=gaming');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(settings);
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
    });
  });

  it('drops a quantity that is not a whole number from 1 to 1000', () => {
    for (const value of ['0', '-3', '2.5', 'ten', '1001'])
      expect(settingsFromParams(new URLSearchParams(`quantity=${value}&type=verbal&mode=standard`))).toEqual({
        tags: [],
        quantity: null,
        type: 'verbal',
        mode: 'standard',
      });
  });
});

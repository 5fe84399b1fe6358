import { describe, expect, it } from 'vitest';
import { withClozeGap } from './cloze-gap';

describe('making a cloze gap', () => {
  it('wraps the selection in the next number, spaces outside, the caret after the answer', () => {
    expect(withClozeGap('Sofia is the capital', 0, 5)).toEqual({
      text: '{{c1::Sofia}} is the capital',
      caret: 11,
    });
    const second = withClozeGap('{{c1::Sofia}} is the capital of Bulgaria', 31, 40);
    expect(second.text).toBe('{{c1::Sofia}} is the capital of {{c2::Bulgaria}}');
    expect(withClozeGap('a  word  b', 1, 8).text).toBe('a  {{c1::word}}  b');
  });

  it('with nothing selected, leaves an empty gap to type into', () => {
    expect(withClozeGap('The capital is ', 15, 15)).toEqual({ text: 'The capital is {{c1::}}', caret: 21 });
  });
});

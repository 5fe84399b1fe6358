import { describe, expect, it } from 'vitest';
import { publishForm } from './publish-form';

describe('publish form', () => {
  it('asks for every catalog field', () => {
    const result = publishForm.safeParse({ name: ' ', description: '', language: '', topic: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'description',
      'language',
      'name',
      'topic',
    ]);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'topic')?.message).toBe(
      'common:validation.required',
    );
  });

  it('takes a catalog language and topic', () => {
    expect(
      publishForm.parse({ name: ' Capitals ', description: 'Europe', language: 'bg', topic: 'education' }),
    ).toEqual({ name: 'Capitals', description: 'Europe', language: 'bg', topic: 'education' });
    expect(
      publishForm.safeParse({ name: 'Capitals', description: 'Europe', language: 'de', topic: 'education' })
        .success,
    ).toBe(false);
  });
});

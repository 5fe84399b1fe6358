import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawnPage } from '../../../test/pages';
import { cardsFromPages, readPages, trainedDataDir } from './ai.ocr';

describe('cards from the text of pages', () => {
  it('pairs terms with their meanings by a dash, a colon, an equals sign or a wide gap', () => {
    const page = [
      'Animals',
      'dog - куче',
      'cat – котка',
      'horse: кон',
      'cow = крава',
      'bird      птица',
    ].join('\n');
    expect(cardsFromPages([page], { maxCards: 10, tag: '' })).toEqual([
      { question: 'dog', answer: 'куче', tag: 'Animals' },
      { question: 'cat', answer: 'котка', tag: 'Animals' },
      { question: 'horse', answer: 'кон', tag: 'Animals' },
      { question: 'cow', answer: 'крава', tag: 'Animals' },
      { question: 'bird', answer: 'птица', tag: 'Animals' },
    ]);
  });

  it('skips lines that pair nothing and repeated terms, keeps a given tag and stops at the number asked', () => {
    const pages = [
      'dog - куче\nA line of running text.\nDog - куче again\ncat - котка',
      'fish - риба\nowl - бухал',
    ];
    expect(cardsFromPages(pages, { maxCards: 3, tag: 'zoo' })).toEqual([
      { question: 'dog', answer: 'куче', tag: 'zoo' },
      { question: 'cat', answer: 'котка', tag: 'zoo' },
      { question: 'fish', answer: 'риба', tag: 'zoo' },
    ]);
  });
});

describe('reading pages on the server', () => {
  it('reads printed lines of a photo in its language', async () => {
    const page = await drawnPage(['Colours', 'red - червен', 'green - зелен', 'blue - син']);
    const [text] = await readPages([page], 'bg');
    expect(cardsFromPages([text!], { maxCards: 10, tag: '' })).toEqual([
      { question: 'red', answer: 'червен', tag: 'Colours' },
      { question: 'green', answer: 'зелен', tag: 'Colours' },
      { question: 'blue', answer: 'син', tag: 'Colours' },
    ]);
  }, 60_000);
});

describe('the trained data directory', () => {
  it('links into its own installation, whatever another one, since removed, left behind', async () => {
    const installation = async (content: string) => {
      const langPath = await mkdtemp(path.join(tmpdir(), 'flashcards-trained-data-'));
      await writeFile(path.join(langPath, 'eng.traineddata.gz'), content);
      return { code: 'eng', gzip: true, langPath };
    };
    const earlier = await installation('earlier');
    const current = await installation('current');
    try {
      const earlierDir = await trainedDataDir([earlier]);
      expect(await readFile(path.join(earlierDir, 'eng.traineddata.gz'), 'utf8')).toBe('earlier');
      await rm(earlier.langPath, { recursive: true });
      const currentDir = await trainedDataDir([current]);
      expect(await readFile(path.join(currentDir, 'eng.traineddata.gz'), 'utf8')).toBe('current');
    } finally {
      await rm(earlier.langPath, { recursive: true, force: true });
      await rm(current.langPath, { recursive: true, force: true });
    }
  });
});

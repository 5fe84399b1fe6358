import { createHash } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AiCard, AiImageLanguage } from '@flashcards/contract';
import { CARD_SIDE_MAX_LENGTH, CARD_TAG_MAX_LENGTH } from '@flashcards/contract';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * The registry's trained data of each language of the photos; it ships with `npm install`, nothing is
 * downloaded when the server runs. The registry has no Russian data: Ukrainian's reads Russian print
 * well enough for terms and short definitions.
 */
const dataPackages: Record<AiImageLanguage, string> = {
  bg: '@tesseract.js-data/bul',
  en: '@tesseract.js-data/eng',
  de: '@tesseract.js-data/deu',
  fr: '@tesseract.js-data/fra',
  it: '@tesseract.js-data/ita',
  es: '@tesseract.js-data/spa',
  uk: '@tesseract.js-data/ukr',
  ru: '@tesseract.js-data/ukr',
};

export type TrainedData = { code: string; gzip: boolean; langPath: string };

/** Print reads best large, grey and with its contrast stretched. */
const prepared = (image: Uint8Array) =>
  sharp(image).resize({ width: 2000, withoutEnlargement: false }).grayscale().normalise().png().toBuffer();

/**
 * One directory holding the trained data of every language a page is read in: tesseract reads several
 * languages from one place, and each package keeps its own. The page's language is read together with
 * English, which vocabulary pages pair it with. The directory is named after the installation it links
 * into: links left by another installation (an earlier release, another checkout) may lead nowhere.
 */
export const trainedDataDir = async (languages: TrainedData[]) => {
  const installation = createHash('sha256')
    .update(languages.map((data) => data.langPath).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(tmpdir(), 'flashcards-ocr', installation);
  await mkdir(dir, { recursive: true });
  for (const data of languages) {
    const file = `${data.code}.traineddata${data.gzip ? '.gz' : ''}`;
    await symlink(path.join(data.langPath, file), path.join(dir, file)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      },
    );
  }
  return dir;
};

/** The text of each page, read on this server. */
export const readPages = async (images: Uint8Array[], language: AiImageLanguage): Promise<string[]> => {
  const languages = [...new Set([dataPackages[language], dataPackages.en])].map(
    (name) => require(name) as TrainedData,
  );
  const worker = await createWorker(
    languages.map((data) => data.code),
    OEM.LSTM_ONLY,
    { langPath: await trainedDataDir(languages), gzip: true, cacheMethod: 'none' },
  );
  try {
    const pages: string[] = [];
    for (const image of images) pages.push((await worker.recognize(await prepared(image))).data.text);
    return pages;
  } finally {
    await worker.terminate();
  }
};

/** `term - meaning`, `term – meaning`, `term: meaning`, `term = meaning`, or two columns apart. */
const separator = /\s+[-–—=]\s+|:\s+|\t+|\s{3,}/;

const clip = (text: string, max: number) => text.trim().slice(0, max).trim();

/**
 * Cards of the lines of pages that pair a term with its meaning. A line that pairs nothing and comes
 * before any card of its page is taken as the page's heading: the tag of its cards, unless one is given.
 */
export const cardsFromPages = (pages: string[], options: { maxCards: number; tag: string }): AiCard[] => {
  const cards: AiCard[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    let heading = '';
    let pageCards = 0;
    for (const line of page.split(/\r?\n/)) {
      const text = line.trim();
      if (!text) continue;
      const match = separator.exec(text);
      const question = match ? clip(text.slice(0, match.index), CARD_SIDE_MAX_LENGTH) : '';
      const answer = match ? clip(text.slice(match.index + match[0].length), CARD_SIDE_MAX_LENGTH) : '';
      if (!question || !answer) {
        if (!heading && pageCards === 0) heading = clip(text, CARD_TAG_MAX_LENGTH);
        continue;
      }
      const key = question.toLocaleLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      cards.push({ question, answer, tag: options.tag || heading });
      pageCards++;
      if (cards.length === options.maxCards) return cards;
    }
  }
  return cards;
};

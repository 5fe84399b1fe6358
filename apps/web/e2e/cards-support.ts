import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createActiveUser, storeTokens, type TestAccount } from './support';

export type CardType = 'text' | 'picture' | 'kids';

/** Calls of the cards API as the account, for setting up what a test does not do through the screens. */
export function cardsApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async category(name: string, type_of_cards: CardType = 'text') {
      const response = await request.post('/api/card/category/', { data: { name, type_of_cards }, headers });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: number; name: string };
    },
    async textCard(category: number, first_side: string, second_side: string, tag = '') {
      const response = await request.post('/api/card/card-text/', {
        data: { category, first_side, second_side, tag },
        headers,
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: number };
    },
    /** The first page of a text category's cards, as its cards page lists them. */
    async cards(category: number) {
      const response = await request.get(`/api/card/card-text-paginated/?category_id=${category}&page=1`, {
        headers,
      });
      expect(response.status()).toBe(200);
      return (await response.json()).results as { first_side: string; second_side: string; tag: string }[];
    },
    async pictureCard(category: number, second_side: string, png: Buffer, tag = '') {
      const response = await request.post('/api/card/card-picture/', {
        multipart: {
          category: String(category),
          second_side,
          tag,
          first_side: { name: 'picture.png', mimeType: 'image/png', buffer: png },
        },
        headers,
      });
      expect(response.status()).toBe(201);
    },
    async kidsCard(category: number, second_side: string, language: string, png: Buffer, wav?: Buffer) {
      const response = await request.post('/api/card/card-picture-kids/', {
        multipart: {
          category: String(category),
          second_side,
          language,
          first_side: { name: 'picture.png', mimeType: 'image/png', buffer: png },
          ...(wav ? { audio: { name: 'sound.wav', mimeType: 'audio/wav', buffer: wav } } : {}),
        },
        headers,
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: number };
    },
    async upload(category: number, text: string) {
      const response = await request.post('/api/card/card-text-multiple/', {
        multipart: {
          category_id: String(category),
          file: { name: 'cards.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
        },
        headers,
      });
      expect(response.status()).toBe(201);
    },
  };
}

/** The account (by default a new active user) signed in in this page. */
export async function signedIn(
  page: Page,
  request: APIRequestContext,
  account?: TestAccount,
): Promise<TestAccount> {
  const user = account ?? (await createActiveUser(request));
  await page.goto('/');
  await storeTokens(page, user);
  return user;
}

/** A PNG drawn by the browser: a coloured square with a letter on it. */
export async function drawnPng(page: Page, colour: string, letter: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ colour, letter }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 180;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, 240, 180);
      context.fillStyle = '#ffffff';
      context.font = 'bold 96px sans-serif';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(letter, 120, 95);
      return canvas.toDataURL('image/png');
    },
    { colour, letter },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** A card file of `count` lines in the `Side one%Side two&Tag` form, tags alternating. */
export const cardLines = (count: number, tags = ['even', 'odd']) =>
  Array.from(
    { length: count },
    (_, i) => `word ${i + 1}%meaning ${i + 1}&${tags[(i + 1) % tags.length]}`,
  ).join('\n');

/** Half a second of a 440 Hz tone as a WAV file. */
export function wavTone(seconds = 0.5, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  }
  return wav;
}

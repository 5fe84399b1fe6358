import { createRequire } from 'node:module';
import sharp from 'sharp';

/** A small PNG picture. */
export const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();

/** The older format, written by an Anki-compatible writer (anki-apkg-export, schema 11 with sql.js). */
export const olderDeck = async (
  notes: { front: string; back: string; tags?: string[] }[],
  media: Record<string, Buffer> = {},
  deck = 'Verbs',
): Promise<Buffer> => {
  const exporterOf = createRequire(import.meta.url)('anki-apkg-export').default as (name: string) => {
    addMedia(name: string, data: Buffer): void;
    addCard(front: string, back: string, options?: { tags?: string[] }): void;
    save(): Promise<Buffer>;
  };
  const apkg = exporterOf(deck);
  for (const [name, data] of Object.entries(media)) apkg.addMedia(name, data);
  for (const note of notes) apkg.addCard(note.front, note.back, { tags: note.tags ?? [] });
  return apkg.save();
};

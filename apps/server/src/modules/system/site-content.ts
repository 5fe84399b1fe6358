import { readFile } from 'node:fs/promises';
import { siteSchema } from '@flashcards/contract';
import { z } from 'zod';
import { ConfigError } from '../../config';

/** What a deployment may set in SITE_CONTENT_FILE: its videos and social network links. */
const siteContentSchema = siteSchema
  .pick({ social_links: true, demo_videos: true, teacher_videos: true })
  .partial()
  .strict();

export type SiteContent = Required<z.infer<typeof siteContentSchema>>;

const emptyContent: SiteContent = {
  social_links: [],
  demo_videos: [],
  teacher_videos: { language: [], science: [] },
};

export const loadSiteContent = async (file: string | undefined): Promise<SiteContent> => {
  if (!file) return emptyContent;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`SITE_CONTENT_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const result = siteContentSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(
      `SITE_CONTENT_FILE ${file} is not valid: ${z.prettifyError(result.error).replace(/\n/g, ' ')}`,
    );
  }
  return { ...emptyContent, ...result.data };
};

import { cardRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

/**
 * `attachment` with the file's name: an ASCII fallback for old clients and the exact UTF-8 name
 * (RFC 6266, RFC 5987) for the others, so a Bulgarian category keeps its name.
 */
export const attachment = (name: string, extension: string) => {
  const base =
    name
      .replace(/[\\/:*?"<>|]+|\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'cards';
  const ascii =
    base
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'cards';
  const encoded = encodeURIComponent(`${base}.${extension}`).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
};

export const cardExportRouteHandlers = ({ cards }: Services) => [
  route(cardRoutes.exportCards, async ({ actor, params, query, reply }) => {
    const file = await cards.exportCategory(actor, params.id, query.format);
    reply.header('Content-Type', file.type);
    reply.header('Content-Disposition', attachment(file.name, file.extension));
    reply.header('Cache-Control', 'no-store');
    return file.data;
  }),
];

import { speechRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const speechRouteHandlers = ({ speech }: Services) => [
  route(speechRoutes.speech, async ({ query, request, reply }) => {
    const wav = await speech.speak(query.text, query.language, request.ip);
    reply.header('Content-Type', 'audio/wav');
    // The same text and language always sound the same.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return wav;
  }),
];

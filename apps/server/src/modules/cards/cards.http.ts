import { TIME_ZONE_HEADER } from '@flashcards/contract';
import type { FastifyRequest } from 'fastify';

/** The IANA time zone whose calendar day the daily limit and activity use (UTC when missing). */
export const timeZoneOf = (request: FastifyRequest) => {
  const header = request.headers[TIME_ZONE_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

/** Message keys of the `errors` locale namespace, with their interpolation values. */
export type Message = { key: string; values?: Record<string, string | number | Message> };

const message = (key: string, values?: Message['values']): Message => ({ key, values });

/**
 * An expected failure, answered in the DRF shapes of the API conventions: `{detail, code}`, or field
 * errors `{field: [message]}`. Messages are locale keys, translated per request.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail?: Message,
    readonly fields?: Record<string, Message[]>,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, 'not_found', message('not_found'));
export const invalidPage = () => new ApiError(404, 'not_found', message('invalid_page'));
export const notAuthenticated = () => new ApiError(401, 'not_authenticated', message('not_authenticated'));
export const tokenNotValid = () => new ApiError(401, 'token_not_valid', message('token_not_valid'));
export const permissionDenied = (key = 'permission_denied', values?: Message['values']) =>
  new ApiError(403, key, message(key, values));
/** 409: the request conflicts with the object's state (a second one of a kind, a stale revision). */
export const conflict = (key: string, values?: Message['values']) =>
  new ApiError(409, key, message(key, values));
export const methodNotAllowed = (method: string) =>
  new ApiError(405, 'method_not_allowed', message('method_not_allowed', { method }));
export const throttled = (key = 'throttled') => new ApiError(429, 'throttled', message(key));
export const unsupportedMediaType = (type: string) =>
  new ApiError(415, 'unsupported_media_type', message('unsupported_media_type', { type }));
export const payloadTooLarge = () => new ApiError(413, 'payload_too_large', message('payload_too_large'));
export const serviceUnavailable = (key = 'service_unavailable') =>
  new ApiError(503, 'service_unavailable', message(key));

/** 400 with field errors; `non_field_errors` holds errors of the whole body. */
export const invalid = (fields: Record<string, string | Message | (string | Message)[]>) =>
  new ApiError(
    400,
    'invalid',
    undefined,
    Object.fromEntries(
      Object.entries(fields).map(([field, value]) => [
        field,
        (Array.isArray(value) ? value : [value]).map((entry) =>
          typeof entry === 'string' ? message(entry) : entry,
        ),
      ]),
    ),
  );

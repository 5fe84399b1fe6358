import { z } from 'zod';

/**
 * Who may call a route: anyone, a signed-in active user, or staff. Finer rules (owner, role, reach,
 * premium) belong to the server's policies.
 */
export type Access = 'public' | 'user' | 'staff';

/** How a request body may be encoded; the first one listed is what the web client sends. */
export type BodyEncoding = 'json' | 'multipart' | 'form';

/** Statuses a route may answer beyond the ones derived from its definition (see `derivedErrors`). */
export type ExtraError = 401 | 403 | 404 | 409 | 413 | 429 | 503;

/**
 * One API route, defined once: the server registers it (validation, OpenAPI, access) and the web client
 * infers its request and response types from it.
 */
export type RouteDefinition = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/...` with `{name}` placeholders for the params. */
  path: string;
  access: Access;
  /** OpenAPI tag: the area of the API. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Default `['json']`. */
  encoding?: readonly BodyEncoding[];
  /** The success status; default 200. */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType;
  /**
   * The success response is a file (an attachment) in one of these media types, not JSON; `response` is
   * then `fileBody`.
   */
  download?: readonly string[];
  errors?: readonly ExtraError[];
  /**
   * The files of this route's multipart body are large: each is written to a temporary file as it arrives
   * (a `stagedFilePart`), up to this many bytes, instead of being held in memory.
   */
  largeUpload?: number;
  /**
   * The OpenAPI `operationId`, only where the one the server derives from the method and the path (as
   * drf-spectacular does: `GET /api/card/category/{id}/export/` is `cardCategoryExportRetrieve`) would
   * collide with another route's. Clients generate method names from it: once published, it stays.
   */
  operationId?: string;
};

export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

/** The response of a route that sends a file (see `download`): its bytes. */
export const fileBody = z.custom<Uint8Array>().meta({ type: 'string', format: 'binary' });

/** The response of a 204: no body. */
export const noContent = z.null().describe('No content');

/**
 * A file part of a multipart body. The server hands the service its bytes; the web client sends a Blob.
 * The bytes are judged by the service (sniffed, capped), never the name or the declared type.
 */
export type FilePart = { filename: string; mimetype: string; data: Uint8Array };
export const filePart = z
  .custom<FilePart>(
    (value) => typeof value === 'object' && value !== null && (value as FilePart).data instanceof Uint8Array,
    { error: 'errors:no_file' },
  )
  .meta({ type: 'string', format: 'binary' });

/**
 * A file part of a route with `largeUpload`: the server wrote it to a temporary file as it arrived, and
 * removes that file once the request has been answered. The web client sends a Blob.
 */
export type StagedFile = { filename: string; mimetype: string; path: string; size: number };
export const stagedFilePart = z
  .custom<StagedFile>(
    (value) => typeof value === 'object' && value !== null && typeof (value as StagedFile).path === 'string',
    { error: 'errors:no_file' },
  )
  .meta({ type: 'string', format: 'binary' });

/** Builds the concrete path of a route with `{name}` placeholders. */
export const pathOf = (route: { path: string }, params: Record<string, string | number> = {}): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a path, a query string or a form field carries: a coerced schema takes text or a number. */
type Wire<V> = unknown extends V ? string | number | boolean : V;
type WireFields<T> = T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** What a route's success response holds, as the web client receives it. */
export type ResponseOf<R extends RouteDefinition> = z.output<R['response']>;
export type ParamsOf<R extends RouteDefinition> = WireFields<Input<R['params']>>;
export type QueryOf<R extends RouteDefinition> = WireFields<Input<R['query']>>;

/** The encodings a route takes, and the one the web client sends unless told otherwise. */
export type EncodingOf<R extends RouteDefinition> = R['encoding'] extends readonly BodyEncoding[]
  ? R['encoding'][number]
  : 'json';
export type DefaultEncodingOf<R extends RouteDefinition> = R['encoding'] extends readonly [
  infer First extends BodyEncoding,
  ...unknown[],
]
  ? First
  : 'json';

/** A multipart field as a browser sends it: files as Blobs, everything else as text or a number. */
type FormField<V> = unknown extends V
  ? Wire<V>
  : [NonNullable<V>] extends [FilePart | StagedFile]
    ? Blob | (undefined extends V ? undefined | null : never)
    : V | string;
type FormFields<B> = B extends object ? { [K in keyof B]: FormField<B[K]> } : B;

/** The body the web client sends in an encoding: JSON as the schema takes it, or the fields of a form. */
export type BodyOf<R extends RouteDefinition, E = DefaultEncodingOf<R>> = E extends 'multipart'
  ? FormFields<Input<R['body']>>
  : E extends 'form'
    ? WireFields<Input<R['body']>>
    : Input<R['body']>;

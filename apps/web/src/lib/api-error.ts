import type { ErrorDetail, FieldErrors } from '@flashcards/contract';

// Apart from the client so that the app's shell can tell errors apart without the contract's schemas.

export type ApiErrorBody = ErrorDetail | FieldErrors;

/** A failed call with the server's DRF error body; status 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    options?: ErrorOptions,
  ) {
    super(
      detailOf(body) ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`),
      options,
    );
  }

  get detail(): string | undefined {
    return detailOf(this.body);
  }
}

function detailOf(body: ApiErrorBody | null): string | undefined {
  return body && typeof body.detail === 'string' ? body.detail : undefined;
}

/** Errors of the REST client with a reason code the UI maps to a translated message (§7). */
export type ApiErrorReason = 'not-modified' | 'not-found' | 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    readonly reason: ApiErrorReason,
    message: string,
    readonly status?: number,
    readonly body?: string,
    /** the server's Retry-After (429/503) in milliseconds, if it sent one */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Client errors (4xx but 408/429) will fail again on retry: the data must be corrected, not re-sent. */
  /** 401: the user must log in; the data waits, nothing is spent on retries (§8 login required). */
  get loginRequired(): boolean {
    return this.status === 401;
  }

  get permanent(): boolean {
    return (
      this.status !== undefined && this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429
    );
  }
}

export class NotModifiedError extends ApiError {
  constructor() {
    super('not-modified', 'Not Modified', 304);
  }
}

export class NotFoundError extends ApiError {
  constructor(body?: string) {
    super('not-found', 'Not Found', 404, body);
  }
}

/** A permission save refused (409) because another administrator changed the permissions since they were loaded. */
export class PermissionConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionConflictError';
  }
}

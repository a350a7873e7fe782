import { timingSafeEqual } from 'node:crypto';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { ResumerDeps } from '../../shared/app/deps';
import { handleApiRequest } from '../../shared/app/read-api';
import type { Secret, Telemetry } from '../../shared/ports';

/** What the API handler runs on; `token` is the bearer token callers must present. */
export type ApiHandlerDeps = { resumer: ResumerDeps; token: Secret; telemetry?: Telemetry };

/** The read and control API behind a Lambda Function URL, guarded by a bearer token. */
export function createApiHandler(deps: ApiHandlerDeps) {
  return async (event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> => {
    const presented = bearer(event.headers?.authorization ?? event.headers?.Authorization);
    if (!presented || !(await isCurrentToken(presented, deps.token))) {
      return json(
        401,
        { error: { code: 'unauthorized', message: 'a valid bearer token is required' } },
        {
          'www-authenticate': 'Bearer',
        },
      );
    }
    // A Function URL joins a repeated parameter's values with commas (`?limit=1&limit=2` → `1,2`); the last one
    // counts, as locally. No value the API takes holds a comma.
    const query = Object.fromEntries(
      Object.entries(event.queryStringParameters ?? {}).map(([name, value]) => [
        name,
        value?.split(',').at(-1),
      ]),
    );
    const response = await handleApiRequest(
      deps.resumer,
      {
        method: event.requestContext.http.method,
        path: event.rawPath,
        query,
      },
      deps.telemetry,
    );
    return json(response.status, response.body);
  };
}

/** Compares with the token in use and, on a mismatch, once more with the token read again (a rotation). */
async function isCurrentToken(presented: string, token: Secret): Promise<boolean> {
  const current = await token.value();
  if (sameSecret(presented, current)) return true;
  const refreshed = await token.refresh();
  // `!==` compares two of our own values; only what a caller presents needs the constant-time comparison.
  return refreshed !== current && sameSecret(presented, refreshed);
}

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Compares in constant time for equal lengths; a length mismatch fails without comparing contents. */
function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): LambdaFunctionURLResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { type IngestDeps, ingestWebhook } from '../../shared/app/ingest';

/** The one route the ingest Function URL serves. */
export const WEBHOOK_PATH = '/webhooks/agent';

/** The structured form of a Function URL result (never the bare-string shorthand). */
export type FunctionUrlResult = Exclude<LambdaFunctionURLResult, string>;

/** A Lambda Function URL handler for `POST /webhooks/agent`. */
export type IngestHandler = (event: LambdaFunctionURLEvent) => Promise<FunctionUrlResult>;

/**
 * Creates the ingest handler: routes, decodes the body and maps `ingestWebhook`'s answer. A queue
 * failure is thrown, so the Function URL answers 5xx and the sender sends again.
 */
export function createIngestHandler(deps: IngestDeps): IngestHandler {
  return async (event) => {
    if (event.rawPath !== WEBHOOK_PATH) return json(404, { error: { code: 'not_found' } });
    if (event.requestContext.http.method !== 'POST') {
      return json(405, { error: { code: 'method_not_allowed' } }, { allow: 'POST' });
    }
    const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
    const answer = await ingestWebhook(deps, { headers: event.headers ?? {}, body });
    return json(answer.status, answer.body);
  };
}

function json(statusCode: number, body: object, headers: Record<string, string> = {}): FunctionUrlResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

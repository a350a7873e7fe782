import { randomUUID } from 'node:crypto';
import { signedHeaders } from '../webhook/standard-webhooks';
import { unreachable } from './api-client';

/** A signed webhook to send. */
export type OutgoingWebhook = {
  /** The full URL, e.g. `http://127.0.0.1:8787/webhooks/agent`. */
  url: string;
  secret: string;
  /** The raw JSON body, sent and signed as it is. */
  body: string;
  /** @default a new `msg_…` id */
  id?: string;
  nowSeconds: number;
};

/** How the server answered. */
export type WebhookAnswer = { status: number; body: unknown };

/** Signs a body the Standard Webhooks way and POSTs it. */
export async function postSignedWebhook(webhook: OutgoingWebhook): Promise<WebhookAnswer> {
  const headers = signedHeaders({
    id: webhook.id ?? `msg_${randomUUID()}`,
    timestamp: webhook.nowSeconds,
    body: webhook.body,
    secret: webhook.secret,
  });
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: webhook.body,
    });
  } catch (error) {
    throw unreachable(webhook.url, error);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

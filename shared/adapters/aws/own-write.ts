import { randomBytes } from 'node:crypto';
import { Attr } from './dynamo-table';
import { ConditionalCheckFailedException } from './sdk/client-dynamodb';

/**
 * A plain conditional Put whose answer is lost inside the SDK's retries is sent again and then fails its own
 * condition on the write it already made. The item carries a random write id, and the Put asks for the stored
 * item when its condition fails (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`): one that holds our id is ours.
 */
export function withWriteId<T extends Record<string, unknown>>(item: T): T {
  return { ...item, [Attr.writeId]: randomBytes(12).toString('base64url') };
}

/** Whether a failed condition met the write `item` itself made (see `withWriteId`). */
export function isOwnWrite(error: unknown, item: Record<string, unknown>): boolean {
  if (!(error instanceof ConditionalCheckFailedException) || !error.Item) return false;
  const writeId = item[Attr.writeId];
  return typeof writeId === 'string' && error.Item[Attr.writeId]?.S === writeId;
}

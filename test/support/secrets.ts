// A SecretsManagerSecret on a mocked client and a settable clock: tests rotate the stored value, count reads.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { expect } from 'vitest';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { T0 } from './events';

/** The ARN every stored test secret has. */
export const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:resumer-test-AbCdEf';

/** The TTL and refresh interval the tests use: the defaults, written out. */
export const TTL_MS = 300_000;
export const REFRESH_INTERVAL_MS = 30_000;

/**
 * A `SecretsManagerSecret` whose store holds `initial` until `rotate` puts another value there. Its own
 * client instance is mocked, so tests do not share call histories.
 */
export function storedSecret(initial: string) {
  const client = new SecretsManagerClient({ region: 'eu-west-1' });
  const sm = mockClient(client);
  const stored: { value: string; failure?: Error | undefined } = { value: initial };
  sm.on(GetSecretValueCommand).callsFake(() => {
    const failure = stored.failure;
    stored.failure = undefined;
    if (failure) throw failure;
    return { SecretString: stored.value, $metadata: {} };
  });
  const clock = { at: T0, now: () => clock.at };
  const secret = new SecretsManagerSecret({
    client,
    secretId: SECRET_ARN,
    ttlMs: TTL_MS,
    minRefreshIntervalMs: REFRESH_INTERVAL_MS,
    now: clock.now,
  });
  return {
    secret,
    sm,
    clock,
    /** Puts a new value in the store, as `put-secret-value` does. */
    rotate: (value: string) => {
      stored.value = value;
    },
    /** Makes the next read fail with `error`. */
    failNextRead: (error: Error) => {
      stored.failure = error;
    },
    /** The input of every GetSecretValue sent so far. */
    reads: () => sm.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input),
  };
}

/** `count` GetSecretValue inputs for the test secret: what `reads()` must equal after `count` reads. */
export function readsOf(count: number) {
  return Array.from({ length: count }, () => ({ SecretId: SECRET_ARN }));
}

/**
 * Sends `send` 200 times at each of four moments — now, one refresh interval later, just short of another, and
 * at it — and checks that every answer is `status` and that the secret had been read 1, 2, 2 and 3 times by
 * then: however many requests are refused, at most one read per interval.
 */
export async function expectOneReadPerInterval(
  send: () => Promise<number>,
  clock: { at: number },
  reads: () => unknown[],
  status = 401,
): Promise<void> {
  const answers = async () => {
    const out = new Set<number>();
    for (let i = 0; i < 200; i++) out.add(await send());
    return [...out];
  };
  for (const [step, readsBy] of [
    [0, 1],
    [REFRESH_INTERVAL_MS, 2],
    [REFRESH_INTERVAL_MS - 1, 2],
    [1, 3],
  ] as const) {
    clock.at += step;
    expect(await answers()).toEqual([status]);
    expect(reads()).toEqual(readsOf(readsBy));
  }
}

import { GetSecretValueCommand, InternalServiceError } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { REFRESH_INTERVAL_MS, readsOf, SECRET_ARN, storedSecret, TTL_MS } from '../support/secrets';

// No emulator exists for Secrets Manager here: these tests assert the GetSecretValue calls sent.

const OLD = 'old-secret-value';
const NEW = 'new-secret-value';

function outage() {
  return new InternalServiceError({ message: 'try again', $metadata: {} });
}

describe('SecretsManagerSecret.value', () => {
  it('reads the secret once and keeps it for the TTL', async () => {
    const { secret, clock, rotate, reads } = storedSecret(OLD);
    expect(await secret.value()).toBe(OLD);
    rotate(NEW);
    clock.at += TTL_MS - 1;
    expect(await secret.value()).toBe(OLD);
    expect(reads()).toEqual([{ SecretId: SECRET_ARN }]);
  });

  it('reads it again once the TTL has run out', async () => {
    const { secret, clock, rotate, reads } = storedSecret(OLD);
    await secret.value();
    rotate(NEW);
    clock.at += TTL_MS;
    expect(await secret.value()).toBe(NEW);
    expect(reads()).toEqual(readsOf(2));
  });

  it('trims the whitespace a pasted value may carry', async () => {
    const { secret } = storedSecret(`  ${OLD}\n`);
    expect(await secret.value()).toBe(OLD);
  });

  it('shares one read among callers that arrive while it is in flight', async () => {
    const { secret, reads } = storedSecret(OLD);
    const values = await Promise.all([secret.value(), secret.refresh(), secret.value(), secret.refresh()]);
    expect(values).toEqual([OLD, OLD, OLD, OLD]);
    expect(reads()).toEqual(readsOf(1));
  });

  it('keeps the last value when the read after the TTL fails', async () => {
    const { secret, clock, failNextRead, rotate, reads } = storedSecret(OLD);
    await secret.value();
    rotate(NEW);
    clock.at += TTL_MS;
    failNextRead(outage());
    expect(await secret.value()).toBe(OLD);
    expect(reads()).toEqual(readsOf(2));
  });

  it('tries a failed read again once per refresh interval, then takes the new value', async () => {
    const { secret, clock, failNextRead, rotate, reads } = storedSecret(OLD);
    await secret.value();
    rotate(NEW);
    clock.at += TTL_MS;
    failNextRead(outage());
    await secret.value();
    clock.at += REFRESH_INTERVAL_MS - 1;
    for (let i = 0; i < 100; i++) expect(await secret.value()).toBe(OLD);
    expect(reads()).toEqual(readsOf(2));
    failNextRead(outage());
    clock.at += 1;
    expect(await secret.value()).toBe(OLD);
    expect(reads()).toEqual(readsOf(3));
    clock.at += REFRESH_INTERVAL_MS;
    expect(await secret.value()).toBe(NEW);
    expect(reads()).toEqual(readsOf(4));
  });

  it('keeps the last value when a re-read finds no string value', async () => {
    const { secret, clock, sm } = storedSecret(OLD);
    await secret.value();
    sm.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2, 3]), $metadata: {} });
    clock.at += TTL_MS;
    expect(await secret.value()).toBe(OLD);
  });

  it('throws when the first read fails, and reads again on the next call', async () => {
    const { secret, failNextRead, reads } = storedSecret(OLD);
    failNextRead(outage());
    await expect(secret.value()).rejects.toThrow('try again');
    expect(await secret.value()).toBe(OLD);
    expect(reads()).toEqual(readsOf(2));
  });

  it('throws, naming the secret, when it has no string value', async () => {
    const { secret, sm } = storedSecret(OLD);
    sm.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2, 3]), $metadata: {} });
    await expect(secret.value()).rejects.toThrow(`secret ${SECRET_ARN} has no string value`);
  });
});

describe('SecretsManagerSecret.refresh', () => {
  it('reads a rotated value at once when the last read is an interval old, and keeps it', async () => {
    const { secret, clock, rotate, reads } = storedSecret(OLD);
    await secret.value();
    rotate(NEW);
    clock.at += REFRESH_INTERVAL_MS;
    expect(await secret.refresh()).toBe(NEW);
    expect(await secret.value()).toBe(NEW);
    expect(reads()).toEqual(readsOf(2));
  });

  it('answers from the cache within an interval of the last read, the cold-start read included', async () => {
    const { secret, clock, rotate, reads } = storedSecret(OLD);
    await secret.value();
    rotate(NEW);
    clock.at += REFRESH_INTERVAL_MS - 1;
    expect(await secret.refresh()).toBe(OLD);
    expect(reads()).toEqual(readsOf(1));
  });

  it('reads at most once per interval however often it is called', async () => {
    const { secret, clock, reads } = storedSecret(OLD);
    await secret.value();
    clock.at += REFRESH_INTERVAL_MS;
    for (let i = 0; i < 500; i++) await secret.refresh();
    expect(reads()).toEqual(readsOf(2));
    clock.at += REFRESH_INTERVAL_MS - 1;
    for (let i = 0; i < 500; i++) await secret.refresh();
    expect(reads()).toEqual(readsOf(2));
    clock.at += 1;
    for (let i = 0; i < 500; i++) await secret.refresh();
    expect(reads()).toEqual(readsOf(3));
  });

  it('keeps the last value when a refresh fails, and counts the failed read against the interval', async () => {
    const { secret, clock, failNextRead, reads } = storedSecret(OLD);
    await secret.value();
    clock.at += REFRESH_INTERVAL_MS;
    failNextRead(outage());
    expect(await secret.refresh()).toBe(OLD);
    for (let i = 0; i < 100; i++) expect(await secret.refresh()).toBe(OLD);
    expect(reads()).toEqual(readsOf(2));
    clock.at += REFRESH_INTERVAL_MS;
    expect(await secret.refresh()).toBe(OLD);
    expect(reads()).toEqual(readsOf(3));
  });

  it('throws when there is no value to fall back on', async () => {
    const { secret, failNextRead } = storedSecret(OLD);
    failNextRead(outage());
    await expect(secret.refresh()).rejects.toThrow('try again');
  });

  it('restarts the TTL from the refreshed read', async () => {
    const { secret, clock, reads } = storedSecret(OLD);
    await secret.value();
    clock.at += REFRESH_INTERVAL_MS;
    await secret.refresh();
    clock.at += TTL_MS - 1;
    await secret.value();
    expect(reads()).toEqual(readsOf(2));
    clock.at += 1;
    await secret.value();
    expect(reads()).toEqual(readsOf(3));
  });
});

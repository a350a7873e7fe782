import type { Secret } from '../../ports';
import { GetSecretValueCommand, type SecretsManagerClient } from './sdk/client-secrets-manager';

/** Where the secret is and how long a value read from it is used. */
export type SecretsManagerSecretOptions = {
  client: SecretsManagerClient;
  secretId: string;
  /** How long `value()` keeps a value before it reads again. @default 300000 */
  ttlMs?: number;
  /**
   * The least time between a read and one that `refresh()`, or `value()` after a failed read, starts.
   * @default 30000
   */
  minRefreshIntervalMs?: number;
  /** Epoch ms. @default Date.now */
  now?: () => number;
};

/**
 * A secret read from Secrets Manager and kept for `ttlMs`, so a rotation is picked up without a deploy.
 *
 * `refresh()` reads at once after a credential was refused, but not within `minRefreshIntervalMs` of the last
 * read: requests signed with anything at all can then cause at most one `GetSecretValue` per interval.
 *
 * A read that fails once a value has been read (Secrets Manager throttled or down) keeps the last value in
 * use and is tried again by the first call at least `minRefreshIntervalMs` later, so an outage neither stops
 * the callers nor multiplies the reads; only a read with no value to fall back on throws.
 */
export class SecretsManagerSecret implements Secret {
  readonly #options: SecretsManagerSecretOptions;
  #cached: { value: string; readAt: number } | undefined;
  /** When the last read started, whether or not it succeeded: a failing read is rate-limited too. */
  #lastReadAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<string> | undefined;

  constructor(options: SecretsManagerSecretOptions) {
    this.#options = options;
  }

  /** The secret's string value, read again once it is older than `ttlMs`. */
  async value(): Promise<string> {
    if (this.#cached && this.#now() < this.#cached.readAt + (this.#options.ttlMs ?? 300_000))
      return this.#cached.value;
    return this.refresh();
  }

  /** Reads the secret again, unless the last read started less than `minRefreshIntervalMs` ago. */
  async refresh(): Promise<string> {
    const now = this.#now();
    if (this.#cached && now < this.#lastReadAt + (this.#options.minRefreshIntervalMs ?? 30_000)) {
      return this.#cached.value;
    }
    return this.#read(now);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  // Callers that arrive while a read is in flight share it rather than start their own.
  #read(now: number): Promise<string> {
    this.#reading ??= this.#fetch(now).finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #fetch(now: number): Promise<string> {
    this.#lastReadAt = now;
    const { client, secretId } = this.#options;
    try {
      const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (!out.SecretString) throw new Error(`secret ${secretId} has no string value`);
      this.#cached = { value: out.SecretString.trim(), readAt: now };
      return this.#cached.value;
    } catch (error) {
      // Throwing would fail every caller (a resume would spend a try sending nothing) until the store answers
      // again. `readAt` stays, so `value()` tries again once `#lastReadAt` is an interval old.
      if (this.#cached) return this.#cached.value;
      throw error;
    }
  }
}

import { GetSecretValueCommand, type SecretsManagerClient } from './sdk/client-secrets-manager';

/** A secret read from Secrets Manager once and kept for `ttlMs`, so a rotation is picked up without a deploy. */
export class SecretsManagerSecret {
  private cached: { value: string; until: number } | undefined;

  constructor(
    private readonly options: {
      client: SecretsManagerClient;
      secretId: string;
      ttlMs?: number;
      now?: () => number;
    },
  ) {}

  /** The secret's string value. */
  async value(): Promise<string> {
    const now = (this.options.now ?? Date.now)();
    if (this.cached && now < this.cached.until) return this.cached.value;
    const out = await this.options.client.send(
      new GetSecretValueCommand({ SecretId: this.options.secretId }),
    );
    if (!out.SecretString) throw new Error(`secret ${this.options.secretId} has no string value`);
    this.cached = { value: out.SecretString.trim(), until: now + (this.options.ttlMs ?? 300_000) };
    return this.cached.value;
  }
}

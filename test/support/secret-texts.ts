import fc from 'fast-check';
import { corpusByLabel } from './corpus';

// Error texts carrying secrets: corpus texts with API keys, bearer tokens, AWS keys, passwords and the like put
// at word boundaries, alone, quoted, after a colon or an equals sign, or on their own line. Each comes with the
// parts that must never be seen again once redacted.

const base64url = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'),
  minLength: 24,
  maxLength: 96,
});
const token = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~+/-'),
  minLength: 16,
  maxLength: 64,
});
const alnum = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 24,
  maxLength: 64,
});
const awsId = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
  minLength: 16,
  maxLength: 16,
});
const awsSecret = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
  minLength: 40,
  maxLength: 40,
});

// A password as it may sit in a URL's userinfo: no `/`, `@`, `:`, quotes or spaces.
const password = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$*+._~-'),
  minLength: 8,
  maxLength: 40,
});

/** A secret as it shows up in an error text, and the part of it that must never be seen again. */
type Secret = { text: string; secret: string };

const secret: fc.Arbitrary<Secret> = fc.oneof(
  base64url.map((body) => ({ text: `sk-ant-api03-${body}AA`, secret: `${body}AA` })),
  base64url.map((body) => ({ text: `sk-proj-${body}`, secret: body })),
  base64url.map((body) => ({ text: `sk-${body}`, secret: body })),
  token.map((t) => ({ text: `Authorization: Bearer ${t}`, secret: t })),
  token.map((t) => ({ text: `bearer ${t}`, secret: t })),
  awsId.map((id) => ({ text: `AKIA${id}`, secret: `AKIA${id}` })),
  awsId.map((id) => ({ text: `ASIA${id}`, secret: `ASIA${id}` })),
  awsSecret.map((key) => ({ text: `aws_secret_access_key=${key}`, secret: key })),
  base64url.map((body) => ({ text: `"x-api-key": "sk-ant-api03-${body}"`, secret: body })),
  base64url.map((body) => ({ text: `api_key=${body}`, secret: body })),
  password.map((pw) => ({ text: `https://admin:${pw}@gw.internal:4016/v1/messages`, secret: pw })),
  awsSecret.map((b64) => ({ text: `Authorization: Basic ${b64}`, secret: b64 })),
  base64url.map((t) => ({ text: `?access_token=${t}`, secret: t })),
  password.map((pw) => ({ text: `"password": "${pw}"`, secret: pw })),
  // A header on its own line (after `key=`, a cookie header's name would be taken for the key's value).
  alnum.map((t) => ({ text: `\nCookie: sid=${t}; theme=dark\n`, secret: t })),
  alnum.map((t) => ({ text: `\nCookie: theme=dark; sid="${t}"\n`, secret: t })),
  // Found by a security review: tokens with no key name, and camelCase names.
  alnum.map((t) => ({ text: `xoxb-1234567890-${t}`, secret: t })),
  alnum.map((t) => ({ text: `gsk_${t}`, secret: t })),
  fc
    .tuple(base64url, base64url, base64url)
    .map(([a, b, c]) => ({ text: `eyJ${a}.eyJ${b}.${c}`, secret: `${a}.eyJ${b}` })),
  fc
    .tuple(
      fc.constantFrom('accessToken', 'refreshToken', 'SessionToken', 'clientSecret', 'secretAccessKey'),
      awsSecret,
    )
    .map(([name, value]) => ({ text: `{"${name}":"${value}"}`, secret: value })),
);

// Where the secret sits in the text: alone, quoted, after a colon or an equals sign, on its own line.
const placement = fc.constantFrom(
  (s: string) => ` ${s} `,
  (s: string) => `(${s})`,
  (s: string) => `'${s}'`,
  (s: string) => `"${s}"`,
  (s: string) => `key=${s}&x=1`,
  (s: string) => `\n${s}\n`,
  (s: string) => `: ${s},`,
  // Right after an escape: a JSON line break, a terminal colour code, raw and escaped.
  (s: string) => `\\n${s}\\n`,
  (s: string) => `\u001b[1m${s}\u001b[22m`,
  (s: string) => `\\u001b[31m${s}\\u001b[0m`,
);

const CORPUS = corpusByLabel();
const texts = (label: string) => CORPUS.get(label as never)?.map((e) => e.text) ?? [];
/** Transient texts are scheduled (and so resumed); the others are logged as not retried. */
const carrier = fc.oneof(
  fc.constantFrom(...texts('capacity'), ...texts('server'), ...texts('transport')),
  fc.constantFrom(...texts('auth'), ...texts('quota'), ...texts('bad_request')),
);

/** The corpus text with each secret put at a word boundary of it (never inside another secret or word). */
export const errorText = fc
  .record({
    carrier,
    secrets: fc.array(fc.record({ secret, placement, at: fc.nat() }), { minLength: 1, maxLength: 3 }),
  })
  .map(({ carrier: text, secrets }) => {
    const boundaries = [0, ...[...text.matchAll(/\s/g)].map((m) => m.index ?? 0), text.length];
    const at = secrets.map((s) => boundaries[s.at % boundaries.length] ?? 0);
    let out = text;
    // From the last position back, so that each insertion leaves the earlier positions where they were.
    for (const i of secrets.map((_, i) => i).sort((a, b) => (at[b] ?? 0) - (at[a] ?? 0))) {
      const s = secrets[i];
      const where = at[i] ?? 0;
      if (s) out = `${out.slice(0, where)}${s.placement(s.secret.text)}${out.slice(where)}`;
    }
    return { text: out, secrets: secrets.map((s) => s.secret.secret) };
  });

import { ConfigError } from '../config';
/** The server the CLI talks to: `--url`, else 127.0.0.1 on RESUMER_PORT (8787 by default). */
export function localBaseUrl(
  url: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const base = (url ?? `http://127.0.0.1:${env.RESUMER_PORT?.trim() || '8787'}`).replace(/\/+$/, '');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    // A setting or flag the user gave, not a failure: exit 2, as for a bad setting of `start`.
    throw new ConfigError([
      url === undefined
        ? `RESUMER_PORT=${JSON.stringify(env.RESUMER_PORT)}: expected a port number`
        : `--url ${JSON.stringify(url)}: expected an http(s) URL such as http://127.0.0.1:8787`,
    ]);
  }
  return base;
}

/** A server that can't be reached, in words: where the CLI looked and what to check. */
export function unreachable(url: string, error: unknown): Error {
  const { cause: reason } = error as { cause?: { code?: string; message?: string } };
  const cause = reason?.code ?? reason?.message;
  return new Error(
    `cannot reach ${new URL(url).origin}${cause ? ` (${cause})` : ''}: is \`resumer start\` running? (another port: RESUMER_PORT or --url)`,
  );
}

/** An answer of the local API: the status and the parsed JSON body (or the raw text). */
export type ApiAnswer = { status: number; body: unknown };

/** Calls the local API; a server that can't be reached is reported in words, not as a stack. */
export async function callApi(method: 'GET' | 'POST', url: string): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method });
  } catch (error) {
    throw unreachable(url, error);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

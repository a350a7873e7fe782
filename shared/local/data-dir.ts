import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { generateSecret, parseSecret } from '../webhook/standard-webhooks';

/** The files of the data directory (RESUMER_DATA_DIR, `.resumer/` by default). */
export const DataFile = {
  lock: 'resumer.pid',
  webhookSecret: 'webhook-secret',
  agentSecret: 'agent-secret',
  sessions: 'sessions.jsonl',
  turnEvents: 'turn-events.journal.jsonl',
  wakes: 'wakes.journal.jsonl',
  deadLetter: 'dead-letter.jsonl',
} as const;
export type DataFile = (typeof DataFile)[keyof typeof DataFile];

/** Creates the data directory (owner only) if it is missing. */
export async function ensureDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Another server holds the data directory. */
export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `${dir} is in use by another resumer (pid ${pid}); stop it or set RESUMER_DATA_DIR to another folder`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Folders this process holds: a pid file naming our own pid may be a stale one from before a restart. */
const heldHere = new Set<string>();

/**
 * Takes the data directory for this process (a pid file); a file left by a process that is gone is taken over.
 * Returns the release.
 */
export async function lockDataDir(
  dir: string,
  pid: number = process.pid,
  { staleTurnMs = STALE_TURN_MS }: { staleTurnMs?: number } = {},
): Promise<() => Promise<void>> {
  const path = resolve(dir, DataFile.lock);
  if (heldHere.has(path)) throw new DataDirBusyError(dir, pid);
  // Long enough to outwait a turn left by a start that died in it, which is taken once it is stale.
  const deadline = Date.now() + staleTurnMs + 2_000;
  while (Date.now() < deadline) {
    if (await createPidFile(path, pid)) {
      heldHere.add(path);
      return async () => {
        heldHere.delete(path);
        await rm(path, { force: true });
      };
    }
    const holder = await holderOf(path);
    if (holder === 'absent') continue; // removed since we tried: try again to create it
    if (holder !== 'unreadable' && holder !== pid && isAlive(holder)) throw new DataDirBusyError(dir, holder);
    await removeStale(path, pid, staleTurnMs);
  }
  throw new Error(`could not take ${path}`);
}

/**
 * Creates the pid file with our pid in it, in one step (written beside it, then linked into place), so that no
 * other start ever reads it empty. False when it exists.
 */
async function createPidFile(path: string, pid: number): Promise<boolean> {
  const written = `${path}.${pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(written, `${pid}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(written, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(written, { force: true });
  }
}

/**
 * Removes a pid file whose process is gone. Starts that found it stale take turns (a directory made beside it is
 * the turn), and the one whose turn it is reads it again first: it removes only a file that is still stale, never
 * one a faster start has written since. A turn left by a start that died in it is taken after 10 s.
 */
async function removeStale(path: string, pid: number, staleTurnMs: number): Promise<void> {
  const turn = `${path}.takeover`;
  try {
    await mkdir(turn);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(turn).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - since > staleTurnMs) await rm(turn, { recursive: true, force: true });
    else await new Promise((wait) => setTimeout(wait, 20));
    return;
  }
  try {
    // A missing file is left alone: a start that found it missing may be linking its own into place right now.
    const holder = await holderOf(path);
    if (holder === 'unreadable' || (holder !== 'absent' && (holder === pid || !isAlive(holder))))
      await rm(path, { force: true });
  } finally {
    await rm(turn, { recursive: true, force: true });
  }
}

/** The age at which a turn is taken as left by a start that died in it. */
const STALE_TURN_MS = 10_000;

/**
 * The pid in the pid file; `absent` when there is no file, `unreadable` when it holds no pid (nor a process's:
 * 0 and -1 would signal a group) or is a link to nothing (a pid file linked into `/run` from before a reboot; a
 * start's own pid file is never a symbolic link).
 */
async function holderOf(path: string): Promise<number | 'absent' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const link = await lstat(path).catch(() => undefined);
    return link?.isSymbolicLink() ? 'unreadable' : 'absent';
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : 'unreadable';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A secret and where it came from. */
export type ResolvedSecret = { secret: string; source: 'env' | 'kept' | 'generated'; path: string };

/**
 * The configured secret if there is one; else the one kept in the data directory; else a new one, written
 * there with mode 0600 before it is used.
 */
export async function resolveSecret(
  dir: string,
  file: typeof DataFile.webhookSecret | typeof DataFile.agentSecret,
  configured: string | undefined,
): Promise<ResolvedSecret> {
  const path = join(dir, file);
  if (configured !== undefined) return { secret: configured, source: 'env', path };
  const kept = await readKeptSecret(path);
  if (kept !== undefined) return { secret: kept, source: 'kept', path };
  const secret = generateSecret();
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(`${secret}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { secret, source: 'generated', path };
}

/** The secret kept at `path`, or `undefined` when there is none; a damaged file is an error that names it. */
export async function readKeptSecret(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    parseSecret(text);
  } catch {
    throw new Error(`${path} does not hold a whsec_ secret; delete it to have a new one made`);
  }
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new Error(`${path} is readable by others (mode ${mode.toString(8)}); chmod 600 it`);
  return text;
}

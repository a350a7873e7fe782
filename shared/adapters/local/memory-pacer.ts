import {
  type Admission,
  type AdmitRequest,
  admit,
  DEFAULT_PACER_SETTINGS,
  freshPacerState,
  type PaceOutcome,
  type PacerSettings,
  type PacerState,
  report,
} from '../../core/pacer-state';
import { assertUpstream } from '../../core/upstream';
import type { Pacer } from '../../ports';

/**
 * The Pacer in process memory: one state per upstream, decided by core/pacer-state.ts. Each call reads and
 * writes without an await between, so calls never interleave. Pacing state is advisory: lost on restart, the
 * upstream starts up again (a held resume keeps its row and asks again when due).
 */
export class MemoryPacer implements Pacer {
  readonly #states = new Map<string, PacerState>();

  constructor(readonly settings: PacerSettings = DEFAULT_PACER_SETTINGS) {}

  async admit(upstream: string, request: AdmitRequest, now: number): Promise<Admission> {
    const { next, admission } = admit(this.#load(upstream), request, now, this.settings);
    if (next) this.#states.set(upstream, next);
    return admission;
  }

  async report(upstream: string, outcome: PaceOutcome, now: number, at?: number): Promise<void> {
    const { next } = report(this.#load(upstream), outcome, now, this.settings, at);
    if (next) this.#states.set(upstream, next);
  }

  /** The stored state of `upstream` (a copy), for views and tests. */
  state(upstream: string): PacerState {
    return structuredClone(this.#load(upstream));
  }

  #load(upstream: string): PacerState {
    assertUpstream(upstream);
    return this.#states.get(upstream) ?? freshPacerState();
  }
}

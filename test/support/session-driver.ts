import { expect } from 'vitest';
import { DEFAULT_POLICY } from '../../shared/core/policy';
import {
  type Decision,
  decide,
  type MachineInput,
  type ResumeResult,
  type WakeHold,
} from '../../shared/core/session-machine';
import { emptySession, retrySummary, type SessionState } from '../../shared/core/session-state';
import type { SessionEvent } from '../../shared/core/types';
import { T0, turnFailed, wakeFor } from './events';

/** Drives the pure machine like the use cases do: every decision's state is stored before the next input. */
export class SessionDriver {
  state: SessionState = emptySession('s-42');
  log: SessionEvent[] = [];
  now = T0;
  constructor(readonly policy = DEFAULT_POLICY) {}

  apply(input: MachineInput): Decision {
    const decision = decide(this.state, input, { now: this.now, policy: this.policy });
    if (decision.next) {
      expect(decision.next.version).toBe(this.state.version + 1);
      this.state = decision.next;
    }
    this.log.push(...decision.events);
    return decision;
  }

  get retry() {
    return retrySummary(this.state);
  }

  kinds(): string[] {
    return this.log.map((e) => e.kind);
  }

  /** Fails attempt `attempt` of p-cap (0 = the original prompt). */
  fail(attempt: number, at = this.now) {
    const promptId = attempt === 0 ? 'p-cap' : `p-cap~resume-${attempt}`;
    return this.apply({ kind: 'event', event: turnFailed({ promptId, occurredAt: at }) });
  }

  /** Wakes at the armed attempt's time (with the pacer's verdict, if any). */
  wakeArmed(hold?: WakeHold): Decision {
    const retry = this.retry;
    if (!retry) throw new Error('nothing armed');
    this.now = Math.max(this.now, retry.nextAt);
    return this.apply({ kind: 'wake', wake: wakeFor(retry.attempt, { nextAt: retry.nextAt }), hold });
  }

  /** Moves the clock to the armed attempt's time and returns its wake message, without delivering it. */
  dueWake() {
    const retry = this.retry;
    if (!retry) throw new Error('nothing armed');
    this.now = retry.nextAt;
    return wakeFor(retry.attempt, { nextAt: retry.nextAt });
  }

  /** Delivers the armed attempt's wake-up at its time: the claim, with no answer yet. */
  claimArmed() {
    const wake = this.dueWake();
    return { wake, claim: this.apply({ kind: 'wake', wake }) };
  }

  /** Wakes at the armed attempt's time and answers its resume with `result`. */
  fireArmed(result: ResumeResult = { kind: 'ok' }) {
    const { wake, claim } = this.claimArmed();
    const answer = this.apply({ kind: 'resume_result', wake, result });
    return { claim, answer, wake };
  }
}

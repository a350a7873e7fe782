import type { QueueJournal } from '../../shared/adapters/local/local-queue';
import type { JournalEntry } from '../../shared/adapters/local/message-journal';

/** A queue journal in memory that records what it was told: the entries it holds and the ids marked done. */
export function memoryJournal(): QueueJournal & { held: Map<string, JournalEntry>; doneIds: string[] } {
  const held = new Map<string, JournalEntry>();
  const doneIds: string[] = [];
  return {
    held,
    doneIds,
    put: async (entry) => {
      if (held.has(entry.id) || doneIds.includes(entry.id)) return false;
      held.set(entry.id, entry);
      return true;
    },
    done: async (id) => {
      held.delete(id);
      doneIds.push(id);
    },
  };
}

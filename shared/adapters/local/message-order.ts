/** What `WaitingHeap` orders by: the time a message becomes visible, then the order it was sent in. */
export type Ordered = { visibleAt: number; seq: number };

/** A binary min-heap of messages by `visibleAt`, then by `seq` (for `LocalQueue`). */
export class WaitingHeap<T extends Ordered> {
  readonly #heap: T[] = [];

  peek(): T | undefined {
    return this.#heap[0];
  }

  push(message: T): void {
    const heap = this.#heap;
    let i = heap.push(message) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(message, heap[parent] as T)) break;
      heap[i] = heap[parent] as T;
      i = parent;
    }
    heap[i] = message;
  }

  pop(): T | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) break;
      const r = l + 1;
      const child = r < heap.length && before(heap[r] as T, heap[l] as T) ? r : l;
      if (!before(heap[child] as T, last)) break;
      heap[i] = heap[child] as T;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

function before(a: Ordered, b: Ordered): boolean {
  return a.visibleAt < b.visibleAt || (a.visibleAt === b.visibleAt && a.seq < b.seq);
}

/** A first-in first-out list whose taken front is cut off now and then, not shifted on every take. */
export class VisibleFifo<T> {
  #items: Array<T | undefined> = [];
  #head = 0;

  get size(): number {
    return this.#items.length - this.#head;
  }

  push(message: T): void {
    this.#items.push(message);
  }

  /** Removes and returns up to `count` messages from the front. */
  take(count: number): T[] {
    const end = Math.min(this.#head + count, this.#items.length);
    const taken = this.#items.slice(this.#head, end) as T[];
    // Cleared so that handled messages can be collected before the next compaction.
    this.#items.fill(undefined, this.#head, end);
    this.#head = end;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return taken;
  }
}

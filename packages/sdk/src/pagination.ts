import type { Page } from './types.js';

/**
 * A list request: await it for one page, or iterate it (`for await`) for every item of every
 * page, following `next_cursor` as `starting_after` until `has_more` is false.
 */
export class PageRequest<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (startingAfter: string | undefined) => Promise<Page<T>>,
    private readonly startingAfter?: string,
  ) {}

  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.fetchPage(this.startingAfter).then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let cursor = this.startingAfter;
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield* page.data;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  /** Every item (at most `max`), fetched page by page. */
  async toArray(max = Infinity): Promise<T[]> {
    const items: T[] = [];
    if (max <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= max) break;
    }
    return items;
  }
}

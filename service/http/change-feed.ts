// The `changes` extension's source (common/api/changes.ts): whatever records a change publishes it here, and each
// follower (one open `GET /changes`) hears it at once. Nothing is kept: a follower that was away asks again.
import type { ChangeNotice } from '../../common/api/changes.ts';

export class ChangeFeed {
  readonly #followers = new Set<(change: ChangeNotice) => void>();

  publish(change: ChangeNotice): void {
    for (const follower of this.#followers) follower(change);
  }

  /** Until the returned function is called. */
  follow(follower: (change: ChangeNotice) => void): () => void {
    this.#followers.add(follower);
    return () => this.#followers.delete(follower);
  }

  get followers(): number {
    return this.#followers.size;
  }
}

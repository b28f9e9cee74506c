// The methods each registered path answers, gathered as routes register, so an unsupported method on a known
// path gets 405 with an Allow header instead of a misleading 404.
import type { RouteOptions } from 'fastify';

export class MethodTable {
  /** Keyed by the route's path pattern as registered, e.g. `/api/monitors/:id`. */
  readonly #routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  record(route: RouteOptions): void {
    let entry = this.#routes.get(route.url);
    if (!entry) {
      const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+');
      entry = { pattern: new RegExp(`^${source}/?$`), methods: new Set() };
      this.#routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
  }

  /** The methods allowed on a path, or undefined when no route has that path. */
  allowed(path: string): string[] | undefined {
    for (const entry of this.#routes.values()) if (entry.pattern.test(path)) return [...entry.methods].sort();
    return undefined;
  }
}

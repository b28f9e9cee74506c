// The service's own trouble that its user should hear about, one sentence each (listed by GET /capabilities).
export class ServiceProblems {
  readonly #sentences = new Map<string, string>();

  set(topic: string, sentence: string): void {
    this.#sentences.set(topic, sentence);
  }

  clear(topic: string): void {
    this.#sentences.delete(topic);
  }

  list(): string[] {
    return [...this.#sentences.values()];
  }
}

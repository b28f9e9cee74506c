// "1 monitor", "3 monitors" (pure). Every noun the window counts takes a plain "s".
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? noun : `${noun}s`}`;
}

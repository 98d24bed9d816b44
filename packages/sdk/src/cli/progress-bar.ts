/**
 * The build progress shown on stderr while `build --wait` polls: one line per change
 * (`[########------------]  40%  exploring  Looking at pages`). On a terminal the line is
 * redrawn in place; in a pipe or a log each change is its own line.
 */
import type { Writable } from 'node:stream';
import type { Progress } from '../types/index.js';

const WIDTH = 20;

export function renderProgress(progress: Pick<Progress, 'stage' | 'percent' | 'headline'>): string {
  const percent = Math.max(0, Math.min(100, Math.round(progress.percent ?? 0)));
  const filled = Math.round((percent / 100) * WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}]`;
  return `${bar} ${String(percent).padStart(3)}%  ${progress.stage}  ${progress.headline ?? ''}`.trimEnd();
}

export class ProgressBar {
  private drawn = false;
  constructor(private readonly stream: Writable & { isTTY?: boolean }) {}

  update(progress: Progress): void {
    const line = renderProgress(progress);
    if (this.stream.isTTY) {
      // \r returns to the line start and \x1b[K clears what a longer previous line left behind.
      this.stream.write(`\r${line}\x1b[K`);
      this.drawn = true;
    } else {
      this.stream.write(`${line}\n`);
    }
  }

  /** End the redrawn line so later output starts on a fresh one. */
  finish(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}

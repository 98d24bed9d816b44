/** A sleep that can be cut short, so poll loops react at once to stop() and to freed slots. */
export class Sleeper {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wakeUp === done) this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}

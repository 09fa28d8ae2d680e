/**
 * A virtual clock for simulations (ADR 094): tasks run their real code (DynamoDB Local, the SES stand-in)
 * in no virtual time, and time moves only when every task waits in `sleep`: then it jumps to the earliest
 * wake-up and wakes every task due then. A conservative discrete-event scheduler: no task ever sees time
 * move while another is still working at an earlier instant.
 */
export class VirtualTime {
  private t: number;
  private active = 0;
  private seq = 0;
  private waiting: { at: number; seq: number; wake: () => void }[] = [];

  constructor(startMs: number) {
    this.t = startMs;
  }

  readonly nowMs = () => this.t;
  readonly now = () => new Date(this.t);

  /** Runs `task` as one of the simulation's tasks; time does not move while it works. */
  spawn(task: () => Promise<void>): Promise<void> {
    this.active += 1;
    return task().finally(() => {
      this.active -= 1;
      this.advance();
    });
  }

  /** Waits `ms` of virtual time. */
  readonly sleep = (ms: number): Promise<void> =>
    new Promise<void>((wake) => {
      this.waiting.push({ at: this.t + Math.max(0, ms), seq: this.seq++, wake });
      this.active -= 1;
      this.advance();
    });

  private advance() {
    if (this.active > 0 || this.waiting.length === 0) return;
    this.waiting.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const at = this.waiting[0]?.at ?? this.t;
    const due = this.waiting.filter((w) => w.at === at);
    this.waiting = this.waiting.filter((w) => w.at !== at);
    this.t = at;
    this.active += due.length;
    for (const w of due) w.wake();
  }
}

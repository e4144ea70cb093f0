//! The playback clock: a position in a growing list of events, moved by play at a speed,
//! by steps and by seeks, and drawn at most once per animation frame.
//!
//! `position` counts the events applied (0 = the start state; the current event is
//! `position - 1`). Playback moves in *units*: an event, or a step of several events (the
//! `move` and `snap` hooks say where a unit ends; every stop is one). The speed counts units
//! per second; at "max" speed each frame jumps as many events as keep the drawing within a
//! frame budget, to the next stop, then draws once.

/** Script budget of one frame at "max" speed (layout and paint come on top). */
const MAX_FRAME_WORK_MS = 12;

export class Animator {
  /**
   * @param {{render: (position: number) => void, length: () => number, complete: () => boolean,
   *          onChange?: (animator: Animator) => void}} hooks
   *   `render` draws a position; `length` is how many events exist so far; `complete` says
   *   whether more may come; `onChange` hears of play/pause and position changes; `move(p, n)`
   *   is the stop `n` units after (before, when negative) the stop `p`, `snap(p)` the first
   *   stop at or after any `p` (by default a unit is one event).
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.position = 0;
    this.playing = false;
    this.speed = 100; // events per second, or Infinity for "max"
    this.carry = 0;
    this.jump = 200; // events per frame at max speed, adapted to the drawing cost
    this.frame = 0;
    this.last = 0;
    this.drawn = -1;
    this.dirty = true;
  }

  /** Sets events per second; `"max"` or Infinity for as fast as frames allow. */
  setSpeed(speed) {
    this.speed = speed === "max" ? Infinity : Math.max(0.1, Number(speed) || 1);
    this.carry = 0;
  }

  play() {
    if (this.playing) return;
    if (this.position >= this.hooks.length() && this.hooks.complete()) this.position = 0;
    this.playing = true;
    this.carry = 0;
    this.last = 0;
    this.schedule();
    this.hooks.onChange?.(this);
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.hooks.onChange?.(this);
    // Drawn once more paused: a fast play drew the list around the event a few times a second.
    this.invalidate();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** The stop `n` units from `p`, within the events there are. */
  moved(p, n) {
    const to = this.hooks.move ? this.hooks.move(p, n) : p + n;
    return Math.max(0, Math.min(to, this.hooks.length()));
  }

  /** The first stop at or after `p`, within the events there are. */
  snapped(p) {
    const q = Math.max(0, Math.min(Math.round(p), this.hooks.length()));
    return this.hooks.snap ? Math.min(this.hooks.snap(q), this.hooks.length()) : q;
  }

  /** Moves to the stop at or after `position` (clamped) and draws it on the next frame. */
  seek(position) {
    const p = this.snapped(position);
    if (p !== this.position) {
      this.position = p;
      this.hooks.onChange?.(this);
    }
    this.invalidate();
  }

  /** `delta` units forward (back when negative); pauses playback. */
  step(delta) {
    this.pause();
    this.seek(this.moved(this.snapped(this.position), delta));
  }

  /** Back to the start, paused, nothing drawn yet. */
  reset() {
    this.playing = false;
    this.position = 0;
    this.drawn = -1;
    this.invalidate();
  }

  /** Draws now what the next frame would draw (a scripted call resolves with the board drawn,
   * and what it adds on top — a highlight — is not drawn over by that frame). */
  drawNow() {
    if (!this.dirty && this.position === this.drawn) return;
    this.hooks.render(this.position);
    this.drawn = this.position;
    this.dirty = false;
  }

  /** Asks for a drawing on the next frame (new events, a changed view). */
  invalidate() {
    this.dirty = true;
    this.schedule();
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame((t) => this.tick(t));
  }

  tick(now) {
    this.frame = 0;
    const length = this.hooks.length();
    if (this.playing) {
      const dt = this.last ? Math.min(now - this.last, 250) : 16;
      this.last = now;
      let advance;
      if (this.speed === Infinity) {
        // The frame time includes the browser's own layout and paint of what was drawn: jump
        // less when frames run long (a big grid), more when they are quick.
        if (dt > 34) this.jump = Math.max(16, this.jump * 0.7);
        else if (dt < 20) this.jump = Math.min(this.jump * 1.1, 1 << 20);
        // Between 120 and 480 frames for the whole trace: a few seconds, however big.
        const jump = Math.min(Math.max(this.jump, length / 480), length / 120);
        advance = Math.max(1, Math.ceil(jump));
      } else {
        this.carry += (dt * this.speed) / 1000;
        advance = Math.floor(this.carry);
        this.carry -= advance;
      }
      const before = this.position;
      if (advance > 0) {
        this.position = this.speed === Infinity
          ? this.snapped(this.position + advance)
          : this.moved(this.position, advance);
      }
      if (this.position !== before) this.hooks.onChange?.(this);
      if (this.position >= length && this.hooks.complete()) {
        this.playing = false;
        this.hooks.onChange?.(this);
      }
    }
    if (this.dirty || this.position !== this.drawn) {
      const t0 = performance.now();
      this.hooks.render(this.position);
      const spent = performance.now() - t0;
      this.drawn = this.position;
      this.dirty = false;
      // At max speed, jump less when drawing itself is slow.
      if (spent > MAX_FRAME_WORK_MS) this.jump = Math.max(16, this.jump / 2);
    }
    if (this.playing) this.schedule();
  }
}

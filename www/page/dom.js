// Small DOM helpers shared by the page's modules.

export const $ = (id) => document.getElementById(id);

/**
 * Runs `fn` after the next frame has been rendered: a task queued from a
 * requestAnimationFrame callback runs once that frame's style, layout and
 * paint are done. A hidden page gets no frames, hence the timer.
 */
export function afterFrame(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/** Runs `fn` in a task of its own soon (no 4 ms clamping of nested timers). */
export function yieldThen(fn) {
  if (window.scheduler?.postTask) window.scheduler.postTask(fn, { priority: 'user-visible' });
  else setTimeout(fn, 0);
}

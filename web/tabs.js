// Which tab holds which game: one Web Lock per game id ("targi.game.<id>"), held as long as the
// game is on this tab's table. Another tab opening the same game finds the lock taken and asks
// "take it over" or "open a copy"; taking over steals the lock, and the tab that had it hears so
// at once (onLost). Without Web Locks every tab "holds" its game and the revision check in the
// stored envelope (targi.app.store.recent) is the only guard: a stale write is still refused.

export function createTabs() {
  const locks = navigator.locks;
  let held = null; // {id, release}
  let lost = () => {};

  function release() {
    if (held) held.release();
    held = null;
  }

  // Resolves true once this tab holds the game's lock, false if another tab does.
  function acquire(id, options) {
    if (held && held.id === id) return Promise.resolve(true); // already ours (e.g. taken over)
    release();
    if (!locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      let letGo;
      const holding = new Promise((r) => (letGo = r));
      locks
        .request(`targi.game.${id}`, options, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          held = { id, release: letGo };
          resolve(true);
          return holding; // the lock lasts until release() or another tab steals it
        })
        .catch(() => {
          // Stolen (AbortError): another tab took the game over.
          if (held && held.id === id) {
            held = null;
            lost(id);
          }
          resolve(false);
        });
    });
  }

  return {
    hold: (id) => acquire(id, { ifAvailable: true }),
    takeOver: (id) => acquire(id, { steal: true }),
    release,
    onLost(callback) {
      lost = callback;
    },
  };
}

// Which tab holds which game: one Web Lock per game id ("targi.game.<id>"), held as long as the
// game is on this tab's table. Another tab opening the same game finds the lock taken and asks
// "take it over" or "open a copy"; taking over steals the lock, and the tab that had it hears so
// at once (onLost). Without Web Locks every tab "holds" its game and the revision check in the
// stored envelope (targi.app.store.recent) is the only guard: a stale write is still refused.

export function createTabs() {
  const locks = navigator.locks;
  let held = null; // {id, release}
  // The game last asked for: a lock granted after another game was asked for (the page's start
  // puts the stored game on the table, then a link's game over it, before either grant comes)
  // is let go at once, or this tab would keep a game it no longer shows from every other tab.
  let wanted = null;
  let lost = () => {};

  function release() {
    if (held) held.release();
    held = null;
  }

  // Resolves true once this tab holds the game's lock, false if another tab does.
  function acquire(id, options) {
    wanted = id;
    if (held && held.id === id) return Promise.resolve(true); // already ours (e.g. taken over)
    release();
    if (!locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      let letGo;
      const holding = new Promise((r) => (letGo = r));
      locks
        .request(`targi.game.${id}`, options, (lock) => {
          if (!lock) {
            // Asked for again before an earlier request's grant: that one holds it for us.
            resolve(wanted === id && held !== null && held.id === id);
            return undefined;
          }
          if (wanted !== id) {
            resolve(false); // another game took the table meanwhile: not kept
            return undefined;
          }
          release(); // never two held
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

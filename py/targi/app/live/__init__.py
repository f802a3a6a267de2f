"""Live play with a friend: the game's links carried over a WebRTC data channel as well, set up
by the invitation and the answer (docs/friend-play.md, *Live*). `sdp` packs a description onto
a link; `play` is the page's side of it (web/live.js holds the connection)."""

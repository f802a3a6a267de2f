// Live play with a friend: one WebRTC data channel to the friend's page, set up without a
// server. The page's Python (targi.app.live.play) decides everything; this only holds the
// connection. No trickle ICE: a description is handed over once its candidates are all
// gathered, because it travels inside the invitation and the answer links.
//
//   targiLive.offer(stun)          the inviter: a new connection; resolves to the offer's SDP
//   targiLive.answer(offer, stun)  the friend: resolves to the answer's SDP
//   targiLive.accept(answer)       the inviter: the friend's answer; the channel then opens
//   targiLive.send(text)           true if it went out on an open channel
//   targiLive.close()
//   targiLive.onMessage(fn)        fn(text) for every message that arrives
//   targiLive.onState(fn)          fn("connecting" | "open" | "closed")
//   targiLive.tabPost(text)        to this site's other tabs of this browser (BroadcastChannel)
//   targiLive.onTab(fn)            fn(text) for what another tab posted
//
// `stun` is a STUN server's URL, or null: then the page talks to no server at all and offers
// only its own (host) candidates, which reach a page on the same network.

const GATHER_LIMIT_MS = 5000; // a STUN server that does not answer must not hold the link back

let pc = null;
let channel = null;
let messageFn = () => {};
let stateFn = () => {};
const live = { state: "closed" };

function setState(state) {
  if (live.state === state) return;
  live.state = state;
  stateFn(state);
}

function close() {
  const old = pc;
  pc = null;
  channel = null;
  if (old) old.close();
  setState("closed");
}

function useChannel(ch, owner) {
  channel = ch;
  ch.onopen = () => owner === pc && setState("open");
  ch.onclose = () => owner === pc && setState("closed");
  ch.onmessage = (event) => {
    if (owner === pc && typeof event.data === "string") messageFn(event.data);
  };
}

function connection(stun) {
  close();
  const made = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
  made.onconnectionstatechange = () => {
    if (made !== pc) return;
    if (made.connectionState === "failed" || made.connectionState === "closed") setState("closed");
  };
  pc = made;
  return made;
}

// Resolves once ICE gathering is complete (or after GATHER_LIMIT_MS, with what was found).
function gathered(made) {
  return new Promise((resolve) => {
    if (made.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_LIMIT_MS);
    made.addEventListener("icegatheringstatechange", () => {
      if (made.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

live.supported = () => typeof RTCPeerConnection === "function";

live.offer = async (stun) => {
  const made = connection(stun);
  useChannel(made.createDataChannel("targi", { ordered: true }), made);
  await made.setLocalDescription(await made.createOffer());
  await gathered(made);
  return made.localDescription.sdp;
};

live.answer = async (offer, stun) => {
  const made = connection(stun);
  made.ondatachannel = (event) => useChannel(event.channel, made);
  await made.setRemoteDescription({ type: "offer", sdp: offer });
  await made.setLocalDescription(await made.createAnswer());
  await gathered(made);
  setState("connecting");
  return made.localDescription.sdp;
};

live.accept = async (answer) => {
  if (!pc || pc.signalingState !== "have-local-offer") {
    throw new Error("no offer of this page waits for an answer");
  }
  setState("connecting");
  await pc.setRemoteDescription({ type: "answer", sdp: answer });
};

live.send = (text) => {
  if (!channel || channel.readyState !== "open") return false;
  try {
    channel.send(text);
    return true;
  } catch {
    return false;
  }
};

// The tabs of this browser: an answer opened in a tab that holds no connection for it is handed
// to the tab that made the invitation (targi.app.live.play). Same origin only, by definition.
const tabs = typeof BroadcastChannel === "function" ? new BroadcastChannel("targi.live") : null;
let tabFn = () => {};
if (tabs) tabs.onmessage = (event) => tabFn(String(event.data));
live.tabPost = (text) => {
  if (tabs) tabs.postMessage(text);
};
live.onTab = (fn) => {
  tabFn = fn;
};

live.close = close;
live.onMessage = (fn) => {
  messageFn = fn;
};
live.onState = (fn) => {
  stateFn = fn;
};

window.targiLive = live;

"""A data channel's description packed onto a link (targi.app.live.sdp): what is kept, what is
rebuilt, the size, and damage refused with a sentence."""

from __future__ import annotations

import pytest
from targi.app.live import sdp

# Chromium 13x's offer for one data channel, ICE gathering complete, host candidates behind
# mDNS names (as the tests' Chromium makes it), plus the lines other set-ups add.
OFFER = (
    "v=0\r\no=- 5291151796977541424 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:2736034039 1 udp 2113937151 791296df-19ca-4f85-8231-11e4ccb6829f.local 54503"
    " typ host generation 0 network-cost 999\r\n"
    "a=candidate:2758212679 1 udp 2113942271 58364009-9df9-4fbf-b7f9-bfce947788a3.local 37549"
    " typ host generation 0 network-cost 999\r\n"
    "a=candidate:1 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r\n"
    "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61234 typ srflx raddr 0.0.0.0 rport 0"
    " generation 0 network-cost 999\r\n"
    "a=candidate:3 1 udp 2113942271 fd00::2 56524 typ host generation 0\r\n"
    "a=ice-ufrag:B0WA\r\na=ice-pwd:41XfRbvQr/zOmeERGjJjnMo7\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 D7:E3:7C:F7:54:3F:2A:61:8F:B3:5E:69:95:01:08:B6:E2:82:97:5D:E8:31:"
    "D1:4E:6E:18:7E:BC:14:BD:DD:82\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)


def test_a_description_keeps_credentials_fingerprint_role_and_udp_candidates() -> None:
    d = sdp.read(OFFER)
    assert (d.role, d.ufrag, d.pwd) == ("actpass", "B0WA", "41XfRbvQr/zOmeERGjJjnMo7")
    assert d.fingerprint.hex().upper().startswith("D7E37CF7")
    assert [(c.address, c.port, c.type) for c in d.candidates] == [
        ("791296df-19ca-4f85-8231-11e4ccb6829f.local", 54503, "host"),
        ("58364009-9df9-4fbf-b7f9-bfce947788a3.local", 37549, "host"),
        ("203.0.113.7", 61234, "srflx"),
        ("fd00::2", 56524, "host"),
    ]  # the TCP candidate is left out


def test_a_packed_description_reads_back_the_same() -> None:
    d = sdp.read(OFFER)
    assert sdp.unpack(sdp.pack(d)) == d
    assert sdp.read(sdp.from_part(sdp.to_part(OFFER))) == d


def test_the_rebuilt_description_is_a_whole_offer() -> None:
    text = sdp.from_part(sdp.to_part(OFFER))
    for line in (
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=setup:actpass",
        "a=sctp-port:5000",
        "a=mid:0",
        "a=group:BUNDLE 0",
        "a=end-of-candidates",
    ):
        assert line in text.splitlines()
    assert text.endswith("\r\n")
    # the candidates keep their order of preference (host before srflx)
    prios = [int(line.split()[3]) for line in text.splitlines() if line.startswith("a=cand")]
    assert prios[0] > prios[1] > prios[3] > prios[2]


def test_a_live_part_is_small() -> None:
    part = sdp.to_part(OFFER)
    assert len(part) < 200 < len(OFFER) // 4  # 4 candidates: 172 characters, of 985


def test_candidates_beyond_the_limit_are_left_out() -> None:
    many = "".join(
        f"a=candidate:{i} 1 udp 2113937151 10.0.{i}.1 {5000 + i} typ host\r\n" for i in range(40)
    )
    d = sdp.read(OFFER.replace("a=ice-ufrag", many + "a=ice-ufrag"))
    assert len(d.candidates) == sdp.MAX_CANDIDATES


@pytest.mark.parametrize(
    "part",
    ["", "AQ", "not a part!", "AQAE" * 3, sdp.to_part(OFFER)[:-6], sdp.to_part(OFFER) + "AAAA"],
)
def test_a_damaged_live_part_is_refused_with_a_sentence(part: str) -> None:
    with pytest.raises(sdp.SdpError) as e:
        sdp.from_part(part)
    assert str(e.value).startswith(("the live part", "a live part"))


def test_a_description_without_a_fingerprint_cannot_be_packed() -> None:
    with pytest.raises(sdp.SdpError, match="fingerprint"):
        sdp.read(OFFER.replace("a=fingerprint", "a=x-fingerprint"))


def test_a_live_part_never_passes_its_limit() -> None:
    names = "".join(
        f"a=candidate:{i} 1 udp 2113937151 {'h' * 200}{i}.example {5000 + i} typ host\r\n"
        for i in range(12)
    )
    part = sdp.to_part(OFFER.replace("a=ice-ufrag", names + "a=ice-ufrag"))
    assert len(part) <= sdp.MAX_PART
    assert sdp.read_part(part).candidates  # as many as fit, in their order

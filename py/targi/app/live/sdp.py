"""A data channel's session description (SDP), packed small enough to ride on a link.

A browser's offer or answer for a data channel alone is about 800 characters, almost all of it
the same in every session. What differs is only: the ICE user fragment and password, the DTLS
certificate's SHA-256 fingerprint, the DTLS role (`actpass` in an offer, `active` or
`passive` in an answer) and the candidates (address, port, type). `pack` keeps those, as bytes
(the fingerprint's 95 characters of hex become 32 bytes, a `<uuid>.local` name 16, an IPv4
address 4), and `unpack` writes a description a browser accepts around them. The rest is
rebuilt: the session line, the bundle, the SCTP port, the candidates' foundations and
priorities (from their type and order: the far side pairs them by these only).

Packed:
    version 1 | role 1 (0 actpass, 1 active, 2 passive) | ufrag: length 1 + ASCII |
    pwd: length 1 + ASCII | fingerprint 32 | candidate count 1 | candidates
    candidate: kind 1 (bits 0-1 address: 0 IPv4, 1 IPv6, 2 mDNS uuid, 3 a name;
    bits 2-3 type: 0 host, 1 srflx, 2 prflx, 3 relay) | address (4, 16, 16, or length 1 +
    ASCII) | port 2 (big-endian)

The link carries it as base64url without padding. Only UDP candidates are kept (TCP ones add
nothing on one network), at most MAX_CANDIDATES of them, and no more than fit in MAX_PART.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
from dataclasses import dataclass, replace

VERSION = 1
ROLES = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}  # RFC 8445 §5.1.2.2
MAX_CANDIDATES = 12  # a machine with many interfaces (VPNs, containers) is cut here
FINGERPRINT_BYTES = 32
MAX_PART = 1200  # characters: twelve IPv6 candidates make 391; long names are cut to fit
_MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]{4,255}")  # RFC 8839: ice-char
_NAME = re.compile(r"[A-Za-z0-9.-]{1,255}")
_PART = re.compile(r"[A-Za-z0-9_-]+")


class SdpError(ValueError):
    """A description that cannot be packed, or a packed one that cannot be read."""


@dataclass(frozen=True)
class Candidate:
    address: str  # an IP address or a host name (an mDNS `<uuid>.local`)
    port: int
    type: str  # one of TYPES


@dataclass(frozen=True)
class Description:
    """What one side's SDP says that the other side needs."""

    role: str  # one of ROLES: actpass in an offer
    ufrag: str
    pwd: str
    fingerprint: bytes  # SHA-256 of the DTLS certificate
    candidates: tuple[Candidate, ...]


def read(sdp: str) -> Description:
    """The parts of a browser's SDP that matter; SdpError if one is missing."""
    found: dict[str, str] = {}
    candidates: list[Candidate] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=candidate:"):
            c = _candidate(line[len("a=candidate:") :])
            if c is not None and c not in candidates and len(candidates) < MAX_CANDIDATES:
                candidates.append(c)
            continue
        for name in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
            if line.startswith(f"a={name}:") and name not in found:
                found[name] = line.split(":", 1)[1].strip()
    missing = [n for n in ("ice-ufrag", "ice-pwd", "fingerprint", "setup") if n not in found]
    if missing:
        raise SdpError(f"the description has no {', '.join(missing)}")
    algorithm, _, digest = found["fingerprint"].partition(" ")
    if algorithm.lower() != "sha-256":
        raise SdpError(f"a {algorithm} fingerprint: only sha-256 is packed")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise SdpError("the fingerprint is not hex") from None
    if found["setup"] not in ROLES:
        raise SdpError(f"an unknown DTLS role {found['setup']!r}")
    return Description(
        found["setup"], found["ice-ufrag"], found["ice-pwd"], fingerprint, tuple(candidates)
    )


def _candidate(text: str) -> Candidate | None:
    """RFC 8839: foundation component transport priority address port typ type …; None for
    one that is not kept (TCP, component 2, unknown type)."""
    f = text.split()
    if len(f) < 8 or f[1] != "1" or f[2].lower() != "udp" or f[6] != "typ":
        return None
    if f[7] not in TYPES or not f[5].isdigit() or not 0 < int(f[5]) < 65536:
        return None
    return Candidate(f[4], int(f[5]), f[7])


def pack(d: Description) -> bytes:
    if not _ICE_CHARS.fullmatch(d.ufrag) or not _ICE_CHARS.fullmatch(d.pwd):
        raise SdpError("the ICE credentials hold characters ICE never uses")
    if len(d.fingerprint) != FINGERPRINT_BYTES:
        raise SdpError("a SHA-256 fingerprint is 32 bytes")
    out = bytearray([VERSION, ROLES.index(d.role)])
    for text in (d.ufrag, d.pwd):
        out += bytes([len(text)]) + text.encode("ascii")
    out += d.fingerprint
    out.append(len(d.candidates))
    for c in d.candidates:
        kind, address = _address(c.address)
        out.append(kind | TYPES.index(c.type) << 2)
        out += address + c.port.to_bytes(2, "big")
    return bytes(out)


def _address(address: str) -> tuple[int, bytes]:
    m = _MDNS.fullmatch(address.lower())
    if m:
        return 2, uuid.UUID(m.group(1)).bytes
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        if not _NAME.fullmatch(address):
            raise SdpError(f"a candidate's address {address!r} is no IP and no name") from None
        return 3, bytes([len(address)]) + address.encode("ascii")
    return (0 if ip.version == 4 else 1), ip.packed


def unpack(data: bytes) -> Description:
    """The Description of pack(); SdpError if the bytes are not one."""
    r = _Reader(data)
    if r.byte() != VERSION:
        raise SdpError("a live part of another version of the game")
    role = r.byte()
    if role >= len(ROLES):
        raise SdpError("the live part is damaged (its DTLS role)")
    ufrag, pwd = r.text(), r.text()
    if not _ICE_CHARS.fullmatch(ufrag) or not _ICE_CHARS.fullmatch(pwd):
        raise SdpError("the live part is damaged (its ICE credentials)")
    fingerprint = r.take(FINGERPRINT_BYTES)
    candidates = []
    for _ in range(r.byte()):
        head = r.byte()
        kind, type_ = head & 3, head >> 2
        if type_ >= len(TYPES):
            raise SdpError("the live part is damaged (a candidate's type)")
        if kind == 0:
            address = str(ipaddress.IPv4Address(r.take(4)))
        elif kind == 1:
            address = str(ipaddress.IPv6Address(r.take(16)))
        elif kind == 2:
            address = f"{uuid.UUID(bytes=r.take(16))}.local"
        else:
            address = r.text()
            if not _NAME.fullmatch(address):
                raise SdpError("the live part is damaged (a candidate's name)")
        port = int.from_bytes(r.take(2), "big")
        candidates.append(Candidate(address, port, TYPES[type_]))
    if r.at != len(data):
        raise SdpError("the live part is damaged (bytes left over)")
    return Description(ROLES[role], ufrag, pwd, fingerprint, tuple(candidates))


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise SdpError("the live part is cut short")
        chunk = self.data[self.at : self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self) -> str:
        try:
            return self.take(self.byte()).decode("ascii")
        except UnicodeDecodeError:
            raise SdpError("the live part is damaged (text that is not ASCII)") from None


def write(d: Description) -> str:
    """A whole SDP a browser's setRemoteDescription accepts (as an offer when its role is
    actpass, else as an answer): one data channel, bundled, the candidates inline and
    complete (no trickle)."""
    fp = ":".join(f"{b:02X}" for b in d.fingerprint)
    lines = [
        "v=0",
        "o=- 0 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, c in enumerate(d.candidates):
        # priority by RFC 8445 §5.1.2.1: type preference, then the order the side listed them
        priority = (TYPE_PREFERENCE[c.type] << 24) | ((65535 - i) << 8) | 255
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ {c.type}")
    lines += [
        f"a=ice-ufrag:{d.ufrag}",
        f"a=ice-pwd:{d.pwd}",
        f"a=fingerprint:sha-256 {fp}",
        f"a=setup:{d.role}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    if d.candidates:
        lines.append("a=end-of-candidates")
    return "\r\n".join(lines) + "\r\n"


def to_part(sdp: str) -> str:
    """A browser's SDP as a link's live part (base64url, no padding), at most MAX_PART
    characters: the last candidates are left out where long host names would pass it."""
    d = read(sdp)
    while True:
        part = base64.urlsafe_b64encode(pack(d)).decode("ascii").rstrip("=")
        if len(part) <= MAX_PART or not d.candidates:
            return part
        d = replace(d, candidates=d.candidates[:-1])


def from_part(part: str) -> str:
    """The SDP a link's live part stands for; SdpError if it is damaged."""
    return write(read_part(part))


def read_part(part: str) -> Description:
    """The Description a link's live part holds; SdpError if it is damaged."""
    if not _PART.fullmatch(part) or len(part) % 4 == 1 or len(part) > MAX_PART:
        raise SdpError("the live part is damaged")
    try:
        data = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        raise SdpError("the live part is damaged") from None
    return unpack(data)

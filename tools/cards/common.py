"""What every part of the card converter shares: errors, name keys, and YAML scalars.

The converter refuses bad input rather than guessing: every check collects its problems
(each naming the source file and row) and `fail` raises them together, so one run shows
every problem of a source, and nothing is written.
"""

from __future__ import annotations

import re


class ConvertError(Exception):
    pass


def fail(problems: list[str]) -> None:
    if problems:
        raise ConvertError("\n".join(problems))


def norm(s: str | None) -> str:
    """Loose key for matching names across sources."""
    return re.sub(r"[^a-z0-9]", "", (s or "").replace("''", '"').lower())


def natural_key(s: str) -> list:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def card_sort_key(c: dict) -> tuple:
    n = c["number"]
    return (n is None, natural_key(n) if n else [], c["title"].lower(), c["title"],
            (c["subtitle"] or "").lower(), c["subtitle"] or "")


def full_name(title: str, subtitle: str | None) -> str:
    return f"{title}: {subtitle}" if subtitle else title


# -------------------------------------------------------------------------------- stats

# A character die's faces in the sources' compact notation, one word per level: fielding
# cost, attack and defense as digits ("[10]" for ten) and one "*" per burst: "165* 277* 388".
STAT_WORD = re.compile(r"((?:\d|\[\d+\]){3})(\*{0,2})")
STAT_NUMBER = re.compile(r"\d|\[(\d+)\]")


def parse_stats(line: str) -> list[dict] | None:
    """A stat line as levels ({fielding, attack, defense, bursts}); None if it is not one."""
    words = line.split()
    if not words:
        return None
    levels = []
    for w in words:
        m = STAT_WORD.fullmatch(w)
        if not m:
            return None
        nums = [int(n.group(1) or n.group(0)) for n in STAT_NUMBER.finditer(m.group(1))]
        levels.append({"fielding": nums[0], "attack": nums[1], "defense": nums[2], "bursts": len(m.group(2))})
    return levels


def stat_word(level: dict) -> str:
    def n(v: int) -> str:
        return str(v) if v < 10 else f"[{v}]"
    return n(level["fielding"]) + n(level["attack"]) + n(level["defense"]) + "*" * level["bursts"]


def stat_line(levels: list[dict]) -> str:
    return " ".join(stat_word(lv) for lv in levels)


# -------------------------------------------------------------------------------- YAML

RESERVED = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~"}
PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._'/()&+-]*")


def q(s: str | None) -> str:
    """A YAML scalar: plain when it cannot be misread, else double-quoted."""
    if s is None:
        return "null"
    if PLAIN.fullmatch(s) and s.lower() not in RESERVED and not s.endswith(" ") and "  " not in s:
        return s
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif o < 0x20 or o == 0x7F or 0x80 <= o < 0xA0 or ch in "\u2028\u2029\ufeff":
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def qstr(s: str | None) -> str:
    """Always double-quoted (collector numbers, dates)."""
    return "null" if s is None else '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flow(items: list[str]) -> str:
    return "[" + ", ".join(q(i) for i in items) + "]"


def qint(n: int | None) -> str:
    return "null" if n is None else str(n)

"""The later sources joined into the pool: the Team Builder's and BulkCards' facts on each
card, every disagreement settled by a line of corrections.VOTES.

A card matched to a Team Builder row (merge.py) takes, by field:
  cost, energy   the Team Builder's value, or the VOTES line's where the sources disagree;
  die limit      the Team Builder's (corrections.DIE_LIMIT_RULE);
  die stats      the VOTES line's, else the Team Builder's die, else BulkCards' levels;
  rarity         the Team Builder's (its own field, not the catalogue's source codes);
  kind, errata, keywords, printings (every Team Builder id of the card).
A Team Builder row no catalogue card matches becomes a card of its own (all of MSW, and
organized-play cards the catalogue lacks); an alternate-art catalogue row takes the die of
the card it reprints. Affiliations stay the catalogue's (the Team Builder's are internal
keys). Ability text is read by no part of this beyond whether a card has any (no_text):
only facts and numbers are written.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from catalogue import AFFILIATIONS, parse_affiliations
from common import fail, norm, parse_stats, stat_line
from corrections import KINDS, VOTES
from merge import VARIANT, card_key
from teambuilder import BASIC_SUBTITLES, FAMILY, OP_KITS, RARITIES, parse_tb_energy

ORDER = ["fist", "bolt", "mask", "shield"]
DISAGREEMENT_COLUMNS = ["set", "tb_id", "title", "subtitle", "field", "XDM", "CAT", "BULK", "TB", "vote", "notes",
                        "evidence", "refs"]
ACTION_FACES = ["act", "*", "**"]
# The Team Builder's internal affiliation keys that the catalogue spells otherwise, for the
# cards only the Team Builder has (the names are the catalogue map's, catalogue.AFFILIATIONS).
TB_AFFILIATIONS = {"fantastic4": "fanfour", "spideyfriends": "spiderfriends", "gotg": "guardians",
                   "defenders": "defendersorg", "shield": "shieldorg",
                   "brotherhoodofmutants": "magnetoorg", "shiarempire": "shiar"}
BULK_KIND = {"Character": "character", "Action": "action", "BasicAction": "basic-action",
             "EpicBasicAction": "basic-action"}


def read_disagreements(path: Path) -> dict[tuple[str, str], dict]:
    """comparison_disagreements.tsv: (tb_id, field) -> row; refuses a row it cannot read."""
    out: dict[tuple[str, str], dict] = {}
    problems = []
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE, strict=True)
        if next(reader, None) != DISAGREEMENT_COLUMNS:
            fail([f"{path.name} line 1: unexpected header"])
        for rec in reader:
            where = f"{path.name} line {reader.line_num}"
            if len(rec) != len(DISAGREEMENT_COLUMNS):
                problems.append(f"{where}: {len(rec)} fields instead of {len(DISAGREEMENT_COLUMNS)}")
                continue
            r = dict(zip(DISAGREEMENT_COLUMNS, rec), _line=reader.line_num)
            if r["field"] not in ("cost", "energy", "die_limit", "stats"):
                problems.append(f"{where}: unknown field {r['field']!r}")
            elif (r["tb_id"], r["field"]) in out:
                problems.append(f"{where}: {r['tb_id']} {r['field']} again")
            out[(r["tb_id"], r["field"])] = r
    fail(problems)
    return out


def energy_list(tb_energy: str) -> list[str]:
    return sorted(parse_tb_energy(tb_energy) or [], key=ORDER.index)


def tb_value(r: dict, field: str) -> str:
    """A Team Builder row's value of a field in comparison.md's spelling."""
    return {"cost": r["cost"], "energy": r["energy"], "die_limit": r["die_limit"], "stats": r["stats"]}[field]


def check_votes(tb: list[dict], disagreements: dict[tuple[str, str], dict]) -> list[str]:
    """VOTES must be exactly the cost, energy and stats disagreements; every die-limit vote
    must be the Team Builder's; the Team Builder's value in the comparison must be the one
    this converter reads (else the comparison is stale)."""
    problems = []
    by_id = {r["tb_id"]: r for r in tb}
    listed = {k for k in disagreements if k[1] != "die_limit"}
    for k in sorted(listed - set(VOTES)):
        problems.append(f"comparison_disagreements.tsv line {disagreements[k]['_line']}: {k[0]} {k[1]} is disputed "
                        "and corrections.VOTES does not decide it")
    for k in sorted(set(VOTES) - listed):
        problems.append(f"corrections.VOTES: {k[0]} {k[1]} is no disagreement of comparison_disagreements.tsv")
    for k, d in disagreements.items():
        where = f"comparison_disagreements.tsv line {d['_line']}"
        r = by_id.get(k[0])
        if r is None:
            problems.append(f"{where}: no Team Builder row {k[0]}")
            continue
        if d["TB"] != tb_value(r, k[1]):
            problems.append(f"{where}: {k[0]} {k[1]}: Team Builder {d['TB']!r} here, {tb_value(r, k[1])!r} in cards.tsv")
        if k[1] == "die_limit" and d["vote"] != d["TB"]:
            problems.append(f"{where}: a die-limit vote other than the Team Builder's")
        v = VOTES.get(k)
        if v is not None and d["vote"] and v["value"] != d["vote"]:
            problems.append(f"corrections.VOTES {k[0]} {k[1]}: {v['value']!r}, comparison.md votes {d['vote']!r} "
                            "(a deliberate override needs its own table)")
        if v is not None and k[1] == "stats" and parse_stats(v["value"]) is None:
            problems.append(f"corrections.VOTES {k[0]} stats: {v['value']!r} is not a stat line")
    return problems


def levels_die(levels: list[dict]) -> dict:
    return {"levels": levels, "actions": [], "energy": "unknown"}


def new_card(r: dict) -> dict:
    """A card the catalogue lacks, from its Team Builder row alone."""
    basic = r["kind"] == "basic_action"
    op = r["set"] in OP_KITS
    affs = []
    for side in r["affiliations"].split(" / "):
        keys = ";".join(TB_AFFILIATIONS.get(k, k) for k in side.split(";"))
        affs += [a for a in parse_affiliations(keys) if a not in affs]
    return {
        "number": r["tb_id"] if op else r["number"],
        "title": r["title"],
        "subtitle": None if basic or r["subtitle"] in BASIC_SUBTITLES else r["subtitle"],
        "kind": "basic-action" if basic else "unknown",
        "cost": None, "energy": [], "affiliations": affs, "die_limit": None, "rarity": None,
        "die": None, "abilities": "not-encoded", "summary": None,
        "source": f"Team Builder {r['tb_id']} (cards.tsv line {r['_line']})",
        "notes": ["in the Team Builder only (no catalogue row); affiliations are its internal names"
                  + ("" if all(a in AFFILIATIONS.values() for a in affs) else ", some not mapped to card names")],
        "_set": FAMILY[r["set_family"]], "_tb": r, "_tb_rows": [r], "_new": True,
    }


def take_sources(card: dict, disagreements: dict[tuple[str, str], dict]) -> None:
    r = card["_tb"]
    tid = r["tb_id"]
    notes = card["notes"]
    disputed = card.setdefault("disputed", [])
    b = r.get("_bulk")
    if card["number"] is None:
        card["number"] = r["tb_id"] if r["set"] in OP_KITS else r["number"]
    if not card.get("_new"):
        card["source"] += f"; Team Builder {tid}"
    if b is not None:
        card["source"] += f"; BulkCards {b['id']}"

    # kind
    kind = card["kind"]
    if r["kind"] == "character":
        kind = "character"
    elif r["kind"] == "basic_action":
        kind = "basic-action"
    elif b is not None:
        kind = BULK_KIND[b["type"]]
    elif tid in KINDS:
        kind = KINDS[tid]
    if card["kind"] not in ("unknown", kind):
        notes.append(f"kind: {card['kind']} here, {kind} in the Team Builder/BulkCards; {card['kind']} kept")
    elif card["kind"] == "unknown":
        card["kind"] = kind

    def decide(field: str, current, tb_val, show):
        v = VOTES.get((tid, field))
        value = tb_val if v is None else v["parsed"]
        if v is not None:
            notes.append(f"{field}: {show(value)} by vote ({v['basis']}; comparison.md 3)")
            if v["disputed"]:
                disputed.append(f"{field} {show(value)} kept; sources: {v['basis'].split(': ', 1)[1]}")
        elif current not in (None, value) and not card.get("_new"):
            notes.append(f"{field}: {show(current)} in the first source, {show(value)} in the Team Builder; "
                         "the Team Builder's kept")
        return value

    card["cost"] = decide("cost", card["cost"], int(r["cost"]), str)
    if card["kind"] == "basic-action":
        card["energy"] = []
    else:
        current = sorted(card["energy"], key=ORDER.index) if card["energy"] else None
        card["energy"] = decide("energy", current, energy_list(r["energy"]),
                                lambda e: "/".join(e) or "none")
    dl = int(r["die_limit"])
    d = disagreements.get((tid, "die_limit"))
    if d is not None:
        others = ", ".join(f"{s} {d[s]}" for s in ("BULK", "CAT") if d[s] not in ("", d["TB"]))
        notes.append(f"die limit {dl}: the Team Builder's ({others} not counted: comparison.md 3.3)")
    elif card["die_limit"] not in (None, dl):
        notes.append(f"die limit {dl}: the Team Builder's (the first source's {card['die_limit']} not counted, "
                     "as comparison.md 3.3 counts no catalogue limit)")
    card["die_limit"] = dl
    card["rarity"] = RARITIES[r["rarity"]]

    # the die
    levels = None
    if (tid, "stats") in VOTES:
        levels = decide("stats", None, None, stat_line)
    elif r["stats"]:
        levels = parse_stats(r["stats"])
        if r["_fallback"] and (b is None or not b["_levels"]):
            disputed.append(f"stats {r['stats']}: only the Team Builder's die, shown by name from the "
                            f"{r['_fallback']} card of that name")
    elif b is not None and b["_levels"]:
        levels = b["_levels"]
        notes.append(f"stats {stat_line(levels)}: BulkCards only (the Team Builder has no die for this card)")
    if levels is not None:
        if card["kind"] != "character":
            notes.append(f"kind: {card['kind']}, but a stat line is recorded; kept as a character")
            card["kind"] = "character"
        if card["die"] is None:
            card["die"] = levels_die(levels)
        elif (tid, "stats") in VOTES:
            card["die"]["levels"] = levels
        elif card["die"]["levels"] != levels and (tid, "stats") not in VOTES:
            notes.append(f"stats: {stat_line(card['die']['levels'])} in moui72/XDM, {stat_line(levels)} taken "
                         "(the sources' vote)")
            card["die"]["levels"] = levels
    elif card["die"] is None and card["kind"] in ("action", "basic-action"):
        card["die"] = {"levels": [], "actions": list(ACTION_FACES), "energy": "unknown"}
    card["errata"] = r["errata"] == "1" or bool(b and b["_errata"])
    card["keywords"] = sorted(b["keywords"]) if b else []
    card["printings"] = sorted({x["tb_id"] for x in card["_tb_rows"]}, key=lambda t: (t not in (r["tb_id"],), t))
    no_text(card)


# BulkCards' ways of writing "this card has no ability text" (its rawText is otherwise the
# card's text): "(No Ability Text).", "(No Abilty Text.)", "(None).", "(No effect text)",
# "(No special effects; ...)".
NO_TEXT = re.compile(r"^\(?\s*(no (special )?(abil\w* text|effect text|special effects|effects)|none)\b", re.I)


def no_text(card: dict) -> None:
    """A character whose every source says it has no ability text is `abilities: none`
    (a vanilla card, playable with no encoding) instead of `not-encoded` (which makes a
    game with it undecided). The evidence is the Team Builder's text, empty on every
    printing of the card, and BulkCards' rawText, empty or a "no ability text" mark, on
    every row BulkCards has for it (it must have one); a keyword in either keeps the card
    not encoded.
    AvX and UXM cards are decided from XDM's own ability column (xdm.py)."""
    if card["abilities"] != "not-encoded" or card["kind"] != "character" or card["keywords"]:
        return
    rows = card["_tb_rows"]
    if not rows or any(x["text"].strip() for x in rows):
        return
    bulk = [x["_bulk"] for x in rows if x.get("_bulk") is not None]
    # One source alone is not enough: an empty Team Builder text may be a text it lacks
    # (MSW's Colossus: Inferno has bursts and no text there), so BulkCards must have
    # the card and agree.
    if not bulk:
        return
    if any((b["rawText"] or "").strip() and not NO_TEXT.match(b["rawText"].strip()) for b in bulk):
        return
    card["abilities"] = "none"
    where = ", ".join(f"Team Builder {x['tb_id']}" for x in rows) + ": empty; "
    where += ", ".join(f"BulkCards {b['id']}: " + ("empty" if not (b["rawText"] or "").strip() else "says none")
                       for b in bulk)
    card["notes"].append(f"no ability text in any source ({where})")


def apply_sources(cards: list[dict], unmatched: list[dict], disagreements: dict[tuple[str, str], dict]) -> None:
    problems = []
    for v in VOTES.values():
        v.setdefault("parsed", None)
    for (tid, field), v in VOTES.items():
        v["parsed"] = (int(v["value"]) if field == "cost" else energy_list(v["value"]) if field == "energy"
                       else parse_stats(v["value"]))
    for r in unmatched:
        cards.append(new_card(r))
    for c in cards:
        if c.get("_tb") is not None:
            take_sources(c, disagreements)
    # Alternate-art, blank and chase printings: the card they reprint has the facts.
    index = {(c["_set"],) + card_key(c): c for c in cards if c.get("_tb") is not None}
    for c in cards:
        if c.get("_tb") is not None:
            continue
        name = c["subtitle"] if c["subtitle"] is not None else c["title"]
        m = VARIANT.search(name)
        if not m:
            continue
        base_name = VARIANT.sub("", name)
        key = (norm(c["title"]), norm(base_name)) if c["subtitle"] is not None else (norm(base_name), "")
        base = index.get((c["_set"],) + key)
        if base is None:
            continue
        for f in ("kind", "die_limit", "errata", "keywords", "disputed", "printings"):
            c[f] = base.get(f)
        # A card with no text has none on any printing (an encoded card's text reaches its
        # printings when the pool is loaded: src/cards/pool.rs).
        if base.get("abilities") == "none":
            c["abilities"] = "none"
        if c["die"] is None and base["die"] is not None:
            c["die"] = {k: (list(v) if isinstance(v, list) else v) for k, v in base["die"].items()}
        if c["cost"] is None:
            c["cost"] = base["cost"]
        c["notes"] = [n.replace("; not in moui72/XDM, catalogue facts only", "; its die is that card's")
                      for n in c["notes"]]
        if not any("printing of" in n for n in c["notes"]):
            c["notes"].append(f"{m.group(1).lower()} printing of {base['title']}: {base['subtitle']}; its facts "
                              "and die are that card's")
    applied = {c["_tb"]["tb_id"] for c in cards if c.get("_tb") is not None}
    for tid, field in VOTES:
        if tid not in applied:
            problems.append(f"corrections.VOTES {tid} {field}: no card has this Team Builder row")
    fail(problems)

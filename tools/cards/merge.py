"""Joining the sources: which Team Builder, BulkCards and XDM row is which pool card.

The pool's cards come from the catalogue (and, for AvX and UXM, from XDM); each is
matched to the Team Builder row of the same set family and name, the way comparison.md
matched them (section 1): by normalised title and subtitle, organized-play cards by name
among the Team Builder's organized-play arrays, and the spellings listed in
corrections.SPELLINGS. BulkCards rows are matched to Team Builder rows by collector number
when the titles agree, else by title and subtitle. A Team Builder row that matches no
catalogue card becomes a card of its own (the Team Builder lists cards the catalogue
lacks: all of MSW, organized-play reprints).
"""

from __future__ import annotations

import difflib
import re

from bulk import bulk_key
from common import fail, norm
from corrections import BULK_UNMATCHED, SPELLINGS
from teambuilder import FAMILY, OP_KITS, tb_key

# Catalogue rows that reprint another row's card with other art: not matched to a Team
# Builder row (they are the same card as their base row, which is).
VARIANT = re.compile(r"\s*\((Alt|Blank|Chase|OP Alt)\)\s*$")


def card_key(c: dict) -> tuple[str, str]:
    if c["kind"] == "basic-action" or c["subtitle"] is None:
        return norm(c["title"]), ""
    return norm(c["title"]), norm(c["subtitle"])


def match_teambuilder(cards: list[dict], tb: list[dict]) -> list[dict]:
    """Sets `_tb` (the row whose facts the card takes) and `_tb_rows` (every matched row:
    the set's own printing and organized-play printings) on each pool card; returns the
    Team Builder rows no card matched."""
    problems = []
    index: dict[tuple, list[dict]] = {}
    op_index: dict[tuple, list[dict]] = {}
    by_id = {r["tb_id"]: r for r in tb}
    for r in tb:
        index.setdefault((FAMILY[r["set_family"]],) + tb_key(r), []).append(r)
        if r["set"] in OP_KITS:
            op_index.setdefault(tb_key(r), []).append(r)
    taken: dict[str, dict] = {}

    def take(card: dict, rows: list[dict]) -> None:
        for r in rows:
            if r["tb_id"] in taken:
                problems.append(f"Team Builder {r['tb_id']} matches both {taken[r['tb_id']]['source']} "
                                f"and {card['source']}")
            taken[r["tb_id"]] = card
        card["_tb_rows"] = card.get("_tb_rows", []) + rows

    spelled = {s["catalogue"]: s for s in SPELLINGS}
    for c in cards:
        c["_tb_rows"] = []
        cat = c.get("_cat")
        if cat is None:
            continue
        s = spelled.get(cat["id"])
        if s is not None:
            r = by_id.get(s["tb"])
            if r is None:
                problems.append(f"corrections.SPELLINGS: no Team Builder row {s['tb']}")
                continue
            take(c, [r])
            if "note" in s:
                c["notes"].append(s["note"])
            continue
        name = c["subtitle"] if c["subtitle"] is not None else c["title"]
        if VARIANT.search(name):
            continue
        rows = index.get((c["_set"],) + card_key(c), [])
        if not rows and cat["rarity"] == "gp":
            rows = op_index.get(card_key(c), [])
        if rows:
            take(c, rows)
    for c in cards:
        mains = [r for r in c["_tb_rows"] if r["set"] not in OP_KITS]
        if len(mains) > 1:
            problems.append(f"{c['source']}: several Team Builder rows {[r['tb_id'] for r in mains]}")
        c["_tb"] = (mains or c["_tb_rows"] or [None])[0]
    fail(problems)
    return [r for r in tb if r["tb_id"] not in taken]


def titles_agree(a: str, b: str) -> bool:
    """Two spellings of one title: equal once normalised (a parenthesised tag such as the
    Team Builder's "Thor (M)" left out), or close (BulkCards' "Electra", "Jessic Jones")."""
    na, nb = (norm(re.sub(r"\s*\([^)]*\)", "", t)) for t in (a, b))
    return na == nb or difflib.SequenceMatcher(None, na, nb).ratio() >= 0.8


def match_bulk(tb: list[dict], bulk: list[dict]) -> None:
    """Sets `_bulk` on the Team Builder rows BulkCards rows match."""
    problems = []
    mains = {(r["set_family"], int(r["number"])): r for r in tb if r["set"] not in OP_KITS}
    by_key: dict[tuple, list[dict]] = {}
    for r in tb:
        by_key.setdefault((r["set_family"],) + tb_key(r), []).append(r)
    for r in tb:
        r["_bulk"] = None
    unmatched = []
    for b in bulk:
        r = mains.get((b["_family"], b["_number"]))
        if r is None or not titles_agree(r["title"], b["name"]):
            rows = by_key.get((b["_family"],) + bulk_key(b), [])
            if not rows:
                # An organized-play card BulkCards files under a main set (THOR137 Wallop).
                rows = [x for x in tb if x["set"] in OP_KITS and tb_key(x) == bulk_key(b)]
            r = rows[0] if len(rows) == 1 else None
        if r is None:
            unmatched.append(b["id"])
            continue
        if r["_bulk"] is not None:
            # A second BulkCards row for one card (AOU143-146 repeat AOU139-142).
            unmatched.append(b["id"])
            continue
        r["_bulk"] = b
    if sorted(unmatched) != sorted(BULK_UNMATCHED):
        problems.append(f"BulkCards rows with no Team Builder row: {sorted(unmatched)}; corrections.BULK_UNMATCHED "
                        f"lists {sorted(BULK_UNMATCHED)}")
    fail(problems)

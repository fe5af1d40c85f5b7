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
from corrections import BULK_UNMATCHED, SPELLINGS, XDM_SPELLINGS
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


def match_xdm_rows(tb: list[dict], rows: list[dict], family: str, fname: str) -> None:
    """Sets `_xdm` on the Team Builder rows of XDM's ya.txt (YGO) or da.txt (BFF)."""
    problems = []
    index: dict[tuple, list[dict]] = {}
    for r in tb:
        if r["set_family"] == family:
            index.setdefault(tb_key(r), []).append(r)
    spelled = {(s["file"], s["row"]): s["tb"] for s in XDM_SPELLINGS}
    by_id = {r["tb_id"]: r for r in tb}
    for x in rows:
        if (fname, x["_row"]) in spelled:
            found = [by_id[spelled[(fname, x["_row"])]]]
        else:
            found = index.get((norm(x["Title"]), norm(x["SubTitle"])), [])
            found = [r for r in found if r["set"] not in OP_KITS] or found
        if len(found) != 1:
            problems.append(f"{fname} row {x['_row']}: {len(found)} Team Builder rows for {x['Title']}: {x['SubTitle']}")
            continue
        if found[0].get("_xdm") is not None:
            problems.append(f"{fname} row {x['_row']}: Team Builder {found[0]['tb_id']} already matched")
        found[0]["_xdm"] = x
    fail(problems)


# ----------------------------------------------------------------------- the sources' values

XDM_ENERGY = {"Mask": ["mask"], "Bolt": ["bolt"], "Fist": ["fist"], "Shield": ["shield"], "Generic": []}


def xdm_levels(x: dict) -> list[dict] | None:
    if not x.get("Field1"):
        return None
    return [{"fielding": int(x[f"Field{i}"]), "attack": int(x[f"Attack{i}"]), "defense": int(x[f"Defense{i}"]),
             "bursts": len(x[f"Burst{i}"])} for i in (1, 2, 3)]


def source_values(card: dict) -> dict[str, dict[str, object]]:
    """What each source says of a card: field → {source: value}. Sources: XDM (ma.txt,
    mb.txt, ya.txt; da.txt has costs only), CAT (the catalogue), BULK, TB. Energy types
    are sorted lists; stats are lists of levels; a blank value is left out."""
    from catalogue import parse_energy  # noqa: PLC0415 (catalogue imports nothing from here)
    out: dict[str, dict[str, object]] = {"cost": {}, "energy": {}, "die_limit": {}, "stats": {}}
    tb = card.get("_tb")
    x = card.get("_xdm") or (tb or {}).get("_xdm")
    cat = card.get("_cat")
    bulk = (tb or {}).get("_bulk")
    order = ["fist", "bolt", "mask", "shield"]
    if x is not None:
        if x.get("Cost", "") != "":
            out["cost"]["XDM"] = int(x["Cost"])
        if x.get("Type") in XDM_ENERGY:
            out["energy"]["XDM"] = XDM_ENERGY[x["Type"]]
        if x.get("Die Limit", "") != "":
            out["die_limit"]["XDM"] = int(x["Die Limit"])
        lv = xdm_levels(x) if "Field1" in x else None
        if lv:
            out["stats"]["XDM"] = lv
    if cat is not None:
        if cat["cost"] not in ("", "blank"):
            out["cost"]["CAT"] = int(cat["cost"])
        out["energy"]["CAT"] = sorted(parse_energy(cat["energy"]), key=order.index)
        if cat["max_dice"] != "0":
            out["die_limit"]["CAT"] = int(cat["max_dice"])
    if bulk is not None:
        out["cost"]["BULK"] = bulk["purchaseCost"]
        if bulk["_energy"]:
            out["energy"]["BULK"] = bulk["_energy"]
        out["die_limit"]["BULK"] = bulk["dieLimit"]
        if bulk["_levels"]:
            out["stats"]["BULK"] = bulk["_levels"]
    if tb is not None:
        from teambuilder import parse_tb_energy  # noqa: PLC0415
        from common import parse_stats  # noqa: PLC0415
        out["cost"]["TB"] = int(tb["cost"])
        out["energy"]["TB"] = sorted(parse_tb_energy(tb["energy"]), key=order.index)
        out["die_limit"]["TB"] = int(tb["die_limit"])
        if tb["stats"]:
            out["stats"]["TB"] = parse_stats(tb["stats"])
    return out

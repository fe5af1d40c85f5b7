"""yort5/DiceFight2026 BulkCards.json: an export of the community's card-stat spreadsheet.

Per card: purchase cost, one energy type, three levels of fielding cost, attack, defense
and bursts, keywords, and an "ERRATA" mark in the text. Its die limits are derived from
rarity by its importer, not read from the cards (SOURCE.txt), so they never count.
Every entry is checked before any is used; a bad one stops the converter with its index
and id.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from common import fail, norm

TYPES = {"Character", "Action", "BasicAction", "EpicBasicAction"}
ENERGIES = {"Fist": "fist", "Bolt": "bolt", "Mask": "mask", "Shield": "shield", None: None}
FIELDS = {"id", "name", "subtitle", "type", "purchaseCost", "energyType", "dieLimit", "levels", "rawText",
          "keywords", "affiliations", "isImplemented", "set", "abilityTemplate"}
# BulkCards' set codes are the Team Builder's set families, but for these spellings.
SET_FAMILY = {"AvX": "AVX"}


def family(bulk_set: str) -> str:
    return SET_FAMILY.get(bulk_set, bulk_set)


def read_bulk(path: Path, families: set[str]) -> list[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        fail([f"{path.name}: not readable as JSON: {e}"])
    if not isinstance(data, list):
        fail([f"{path.name}: not a JSON array of cards"])
    problems = []
    out = []
    for i, c in enumerate(data):
        where = f"{path.name} entry {i}" + (f" ({c.get('id')})" if isinstance(c, dict) else "")
        if not isinstance(c, dict) or set(c) != FIELDS:
            problems.append(f"{where}: not a card object with the fields {sorted(FIELDS)}")
            continue
        if family(c["set"]) not in families:
            problems.append(f"{where}: unknown set {c['set']!r}")
        m = re.fullmatch(r"([A-Za-z]+)(\d{3})", c["id"] or "")
        if not m or m.group(1) != c["set"].upper():
            problems.append(f"{where}: id {c['id']!r} is not the set code and a 3-digit number")
        if c["type"] not in TYPES:
            problems.append(f"{where}: unknown type {c['type']!r}")
        if c["energyType"] not in ENERGIES:
            problems.append(f"{where}: unknown energy {c['energyType']!r}")
        if not isinstance(c["purchaseCost"], int) or isinstance(c["purchaseCost"], bool):
            problems.append(f"{where}: purchase cost {c['purchaseCost']!r} is not a number")
        levels = c["levels"]
        if not isinstance(levels, list) or (c["type"] == "Character") != bool(levels):
            problems.append(f"{where}: levels {levels!r} for a {c['type']}")
            levels = []
        for n, lv in enumerate(levels, start=1):
            if not isinstance(lv, dict) or set(lv) != {"fieldingCost", "attack", "defense", "burstStars"}:
                problems.append(f"{where}: level {n} is not {{fieldingCost, attack, defense, burstStars}}")
                continue
            for k in ("fieldingCost", "attack", "defense"):
                if not isinstance(lv[k], int) or isinstance(lv[k], bool) or lv[k] < 0:
                    problems.append(f"{where}: level {n} {k} {lv[k]!r} is not a number")
            if lv["burstStars"] not in (None, 1, 2):
                problems.append(f"{where}: level {n} bursts {lv['burstStars']!r}")
        if not isinstance(c["keywords"], list) or not all(isinstance(k, str) and k for k in c["keywords"]):
            problems.append(f"{where}: keywords {c['keywords']!r} are not a list of names")
        if not isinstance(c["rawText"], (str, type(None))):
            problems.append(f"{where}: text is not a string")
        out.append(dict(c, _index=i, _family=family(c["set"]), _number=int(m.group(2)) if m else None))
    fail(problems)
    for c in out:
        c["_levels"] = [{"fielding": lv["fieldingCost"], "attack": lv["attack"], "defense": lv["defense"],
                         "bursts": lv["burstStars"] or 0} for lv in c["levels"]]
        c["_energy"] = [ENERGIES[c["energyType"]]] if c["energyType"] else []
        c["_errata"] = "ERRATA" in (c["rawText"] or "")
    return out


def bulk_key(c: dict) -> tuple[str, str]:
    if c["type"] in ("BasicAction", "EpicBasicAction"):
        return norm(c["name"]), ""
    return norm(c["name"]), norm(c["subtitle"])

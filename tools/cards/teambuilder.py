"""The Dice Coalition Team Builder: cards.tsv (every card, with the die it shows) and
formats.tsv (its format lists over time).

Read as tab-separated text without quoting (the extraction's SOURCE.txt: no field holds
a tab or a newline, and text fields hold bare double quotes). Every row is checked
before any is used: a row with the wrong number of fields, a number that is not one, an
unknown set, energy or rarity stops the converter with the file and line.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from common import fail, norm, parse_stats

CARD_COLUMNS = ["set", "number", "tb_id", "set_family", "array", "title", "subtitle", "subtitle_mirrored",
                "rarity_code", "rarity", "cost", "energy_code", "energy", "affiliation_code", "affiliations",
                "die_limit", "dnd_alignment", "dnd_equipment", "kind", "die_key", "die_source", "stats",
                "errata", "text", "source_line"]
FORMAT_COLUMNS = ["format_code", "format_name", "kind", "entry", "set", "number", "title", "subtitle",
                  "tb_from_date", "tb_from_commit", "tb_to_date", "tb_to_commit", "note"]

# The Team Builder's set families (its 4th init() argument) and our set codes (the
# catalogue's, cards/sets/<code>.yaml). MSW is in neither the catalogue nor any other
# source but the Team Builder and BulkCards.
FAMILY = {
    "AVX": "AVX", "UXM": "UX", "BFF": "BFF", "YGO": "S1", "JL": "JL", "AOU": "AoU", "WOL": "WoL",
    "ASM": "ASM", "FUS": "FUS", "WF": "WF", "TMNT": "TMNT", "CW": "CW", "GAF": "GATF", "DRS": "DS",
    "DP": "DP", "HHS": "HHS", "IMW": "IMWM", "BAT": "BM", "DEF": "TD", "SWW": "SWW", "SMC": "SMMC",
    "GOTG": "GotG", "XFC": "XMFC", "TOA": "ToA", "THOR": "TMT", "AI": "AI", "KI": "KI", "JLL": "JLL",
    "HQ": "HQ", "BFU": "BFU", "ORK": "ORK", "SW": "SW", "JUS": "JUS", "DOOM": "DOOM", "MYST": "MYST",
    "XMF": "XMF", "XFO": "XFO", "DXM": "DXM", "TIW": "TIW", "AIW": "AIW", "ZHN": "ZHN", "WWE": "WWE",
    "BIT": "BIT", "TAG": "TAG", "IG": "IG", "DPS": "DPS", "SKC": "SKC", "MSW": "MSW",
}
# The Team Builder's organized-play arrays: kits of promo cards, named as the Team Builder
# names them (its format lists use these names). They are the `printings` of the cards
# they hold (cards/README.md) and the codes format lists use for them.
OP_KITS = {"AvXop", "UXMop", "UXMop2", "BFFpr", "JLop", "BFFop", "WoLop", "M2015", "D2016", "wko16dc",
           "wko16m", "M2016", "wko16dd", "DC2016", "M2017", "DC2017", "sk2017", "WD2018", "M2019", "M2020",
           "M2022"}
RARITIES = {"starter": "starter", "common": "common", "uncommon": "uncommon", "rare": "rare",
            "super rare": "super-rare", "OP/promo": "op"}
ENERGIES = {"Fist": "fist", "Bolt": "bolt", "Mask": "mask", "Shield": "shield"}
KINDS = {"character", "basic_action", "other"}
# Subtitles the Team Builder gives basic actions (they have no subtitle of their own).
BASIC_SUBTITLES = {"Basic Action Card", "Basic Action", "Epic Basic Action"}


def parse_tb_energy(s: str) -> list[str] | None:
    if s == "":
        return []
    parts = s.split("/")
    if any(p not in ENERGIES for p in parts) or len(set(parts)) != len(parts):
        return None
    return [ENERGIES[p] for p in parts]


def read_tsv(path: Path, columns: list[str]) -> list[dict]:
    """Rows of a tab-separated file, each with `_line`; refuses a file whose header or
    row widths are not the expected ones."""
    problems = []
    rows = []
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE, strict=True)
        try:
            header = next(reader)
        except StopIteration:
            fail([f"{path.name}: empty file"])
        if header != columns:
            fail([f"{path.name} line 1: unexpected header {header}"])
        for rec in reader:
            line = reader.line_num
            if len(rec) != len(columns):
                problems.append(f"{path.name} line {line}: {len(rec)} fields instead of {len(columns)}")
                continue
            r = dict(zip(columns, rec))
            r["_line"] = line
            rows.append(r)
    fail(problems)
    return rows


def read_cards(path: Path) -> list[dict]:
    rows = read_tsv(path, CARD_COLUMNS)
    problems = []
    for r in rows:
        where = f"{path.name} line {r['_line']} ({r['tb_id']})"
        if r["set_family"] not in FAMILY:
            problems.append(f"{where}: unknown set family {r['set_family']!r}")
        if r["set"] not in OP_KITS and r["set"].upper() != r["set_family"]:
            problems.append(f"{where}: unknown set {r['set']!r} (neither a main set of family "
                            f"{r['set_family']!r} nor a known organized-play kit)")
        for col in ("number", "cost", "die_limit"):
            if not re.fullmatch(r"\d+", r[col]):
                problems.append(f"{where}: {col} {r[col]!r} is not a number")
        if r["tb_id"] != f"{r['number']}{r['set']}":
            problems.append(f"{where}: id {r['tb_id']!r} is not number + set")
        if r["rarity"] not in RARITIES:
            problems.append(f"{where}: unknown rarity {r['rarity']!r}")
        if parse_tb_energy(r["energy"]) is None:
            problems.append(f"{where}: unknown energy {r['energy']!r}")
        if r["kind"] not in KINDS:
            problems.append(f"{where}: unknown kind {r['kind']!r}")
        if r["errata"] not in ("0", "1"):
            problems.append(f"{where}: errata flag {r['errata']!r} is not 0 or 1")
        if r["stats"] and parse_stats(r["stats"]) is None:
            problems.append(f"{where}: stats {r['stats']!r} are not a stat line (a non-number stat?)")
        if (r["kind"] == "character") != bool(r["stats"]):
            problems.append(f"{where}: kind {r['kind']} with stats {r['stats']!r}")
        if not r["title"]:
            problems.append(f"{where}: no title")
    ids = {}
    for r in rows:
        if r["tb_id"] in ids:
            problems.append(f"{path.name} line {r['_line']}: id {r['tb_id']} again (line {ids[r['tb_id']]})")
        ids[r["tb_id"]] = r["_line"]
    fail(problems)
    mark_name_fallbacks(rows)
    return rows


def mark_name_fallbacks(rows: list[dict]) -> None:
    """`_fallback` on rows whose die is a bare-name dice entry that an earlier set's card
    of that name first used: the Team Builder shows that set's die for every later card of
    the name (AI Hulk with the AvX Hulk die), which says nothing about the card's own die.
    Rows are in the Team Builder's init() order; organized-play arrays that init() gives
    their family's die explicitly ("same title in ...") are not fallbacks."""
    first_family: dict[str, str] = {}
    for r in rows:
        r["_fallback"] = None
        if not r["stats"] or r["die_source"] != "dice map" or "@" in r["die_key"]:
            continue
        owner = first_family.setdefault(r["die_key"], r["set_family"])
        if owner != r["set_family"]:
            r["_fallback"] = owner


def tb_key(r: dict) -> tuple[str, str]:
    """(title, subtitle) as matching keys; a basic action is its title alone."""
    if r["kind"] == "basic_action" or r["subtitle"] in BASIC_SUBTITLES:
        return norm(r["title"]), ""
    return norm(r["title"]), norm(r["subtitle"])


def read_formats(path: Path) -> list[dict]:
    rows = read_tsv(path, FORMAT_COLUMNS)
    problems = []
    date = re.compile(r"\d{4}-\d{2}-\d{2}")
    for r in rows:
        where = f"{path.name} line {r['_line']}"
        if r["kind"] not in ("excluded_set", "banned_card", "legal_set"):
            problems.append(f"{where}: unknown kind {r['kind']!r}")
        if not date.fullmatch(r["tb_from_date"]) or (r["tb_to_date"] and not date.fullmatch(r["tb_to_date"])):
            problems.append(f"{where}: dates {r['tb_from_date']!r}..{r['tb_to_date']!r} are not YYYY-MM-DD")
    fail(problems)
    return rows

"""The DiceCoalition/DiceMastersCompanion catalogue (catalogue.csv): every product's cards.

The catalogue is the spine of the pool's identity: its set codes, and the title, subtitle
and collector number of each card it lists. It has no die stats.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from common import fail

# Parse with the csv module: 61 rows have commas inside a quoted title or subtitle
# ("Take That, Villain!", "Bob, Agent of Hydra" ...). Split naively on commas, those rows
# shift right by one to three columns, which puts affiliation codes (xmen, villain ...)
# or energy words in the rarity column; parsed as CSV, every row has its 12 fields and
# every value passes the column checks in validate_catalogue_row().
CATALOGUE_COLUMNS = ["id", "universe", "set", "character", "card", "cost", "energy", "affiliations",
                     "rarity", "max_dice", "die_image", "card_image"]
CATALOGUE_ROWS = 4056
# Rarity codes as the source writes them (their meanings are not guessed).
CATALOGUE_RARITIES = {"as", "bc", "cu", "dr", "esr", "gp", "halt", "fz"}
# energy: `lightning` is bolt; several types are joined as letters (b, f, m, s); `a` is
# every type (the app's own search, Search.java, matches `a` for each of the four types).
ENERGY_WORDS = {"fist": ["fist"], "lightning": ["bolt"], "mask": ["mask"], "shield": ["shield"], "": [],
                "a": ["fist", "bolt", "mask", "shield"]}
ENERGY_LETTERS = {"b": "bolt", "f": "fist", "m": "mask", "s": "shield"}
ENERGY_ALL_NOTE = ('energy: the catalogue code "a" is read as all four types (the app\'s own search, '
                   "Search.java, lists this card under each of fist, bolt, mask and shield)")
# Affiliation codes mapped to names only where the meaning is certain (the same name in
# ma.txt/mb.txt for the same card, in a rulebook's affiliation list, or the code is the
# name itself); every other code is kept as the source writes it.
AFFILIATIONS = {
    "avengers": "Avengers", "xmen": "X-Men", "villain": "Villain", "fanfour": "Fantastic Four",
    # The app's Villain icon for the 2014-2017 Marvel sets: all 60 AvX/UXM rows coded
    # `hydra` are "Villain" in ma.txt/mb.txt.
    "hydra": "Villain",
    "force": "Phoenix Force",                      # ma.txt agrees for all 3 cards
    "shieldorg": "S.H.I.E.L.D.", "starkorg": "Stark Industries", "spiderfriends": "Spider-Friends",  # IMWM rulebook
    "guardians": "Guardians of the Galaxy",        # AI rulebook
    "sinistersix": "Sinister Six", "thunderbolts": "Thunderbolts", "newwarriors": "New Warriors",
    "inhumans": "Inhumans", "defendersorg": "Defenders", "exiles": "Exiles", "hellfire": "Hellfire Club",
    "infinitywatch": "Infinity Watch", "blackorder": "Black Order",
    "league": "Justice League", "society": "Justice Society of America", "legion": "Legion of Doom",
    "titans": "Teen Titans", "crime": "Crime Syndicate", "newgods": "New Gods", "NewGods": "New Gods",
    "doompatrol": "Doom Patrol",
    # The Team Builder spells these out for the Dark Phoenix Saga cards it codes alike
    # (its `brotherhoodofmutants` and `shiarempire`, vote.TB_AFFILIATIONS).
    "magnetoorg": "Brotherhood of Mutants", "shiar": "Shi'ar Empire",
    "emeraldenclave": "Emerald Enclave", "harpers": "Harpers", "lordsalliance": "Lords' Alliance",
    "orderofthegauntlet": "Order of the Gauntlet", "zhentarim": "Zhentarim", "forcegrey": "Force Grey",
    "good": "Good", "evil": "Evil", "neutral": "Neutral", "monster": "Monster",
    "orks": "Orks", "chaos": "Chaos", "imperium": "Imperium", "deathguard": "Death Guard",
    "spacewolves": "Space Wolves", "ultramarines": "Ultramarines",
}
NO_AFFILIATION = {"", "blank", "none"}     # the app's placeholders for "no affiliation"
# Image-key prefixes that carry a collector number, besides the set code in lower case.
NUMBER_PREFIXES = {"BM": ["bat"]}

# Rows the catalogue holds twice, byte for byte: the card is written once, with this note.
CATALOGUE_SKIP = {
    "3591": "the catalogue lists this card twice (lines 3570 and 4057, identical) with no universe and no set: it is written once, under NOSET",
}
# The placeholder set of cards the catalogue assigns to no product.
NO_SET = "NOSET"
# Ids the catalogue gives to two different rows (each row is kept; the note is added).
CATALOGUE_DUPLICATE_IDS = {
    "3691": "the catalogue gives id 3691 to two different cards (Pip the Troll: Prince Gofern and Contagious Debauchery); id 3692 is missing, so one of them is probably 3692",
}
CATALOGUE_CORRECTIONS = [
    dict(id="2098", field="card", old="Rhodey", new='"Rhodey"',
         note="subtitle Rhodey put in quotation marks, as the IMWM rulebook prints it (the catalogue writes other quoted subtitles with '' marks)"),
    # Dark Phoenix Saga names the catalogue misspells or shortens, as the Team Builder
    # prints them (its 34DPS, 50DPS, 90DPS, 96DPS, 130DPS, 143DPS).
    dict(id="3832", field="card", old="Icy Interferece", new="Icy Interference",
         note="subtitle Icy Interferece corrected to Icy Interference, as the Team Builder (34DPS) spells it"),
    dict(id="3909", field="card", old="Hardened by Mardipoor", new="Hardened by Madripoor",
         note="subtitle Hardened by Mardipoor corrected to Hardened by Madripoor, as the Team Builder (96DPS) spells it"),
    dict(id="3842", field="card", old="X-men Field Leader", new="X-Men Field Leader",
         note="subtitle X-men Field Leader corrected to X-Men Field Leader, as the Team Builder (143DPS) writes it"),
    *(dict(id=i, field="character", old="Ronan", new="Ronan the Accuser",
           note=f"title Ronan completed to Ronan the Accuser, as the Team Builder ({tb}) and the card print it")
      for i, tb in (("3890", "50DPS"), ("3891", "90DPS"), ("3892", "130DPS"))),
]

SETS = {  # code: name (universe comes from the catalogue)
    NO_SET: "Cards the catalogue assigns to no product",
    "AVX": "Avengers vs. X-Men", "UX": "Uncanny X-Men", "AoU": "Age of Ultron",
    "ASM": "The Amazing Spider-Man", "CW": "Civil War", "DS": "Doctor Strange Team Pack",
    "DP": "Deadpool", "IMWM": "Iron Man and War Machine", "TD": "The Defenders Team Pack",
    "SMMC": "Spider-Man Maximum Carnage Team Pack", "GotG": "Guardians of the Galaxy",
    "XMFC": "X-Men First Class", "TMT": "The Mighty Thor", "AI": "Avengers Infinity",
    "KI": "Kree Invasion Team Pack", "JLL": "Justice Like Lightning Team Pack", "XMF": "X-Men Forever",
    "XFO": "Uncanny X-Force Team Pack", "DXM": "Dark X-Men Team Pack", "IG": "Infinity Gauntlet",
    "DPS": "Dark Phoenix Saga", "JL": "Justice League", "WoL": "War of Light", "WF": "World's Finest",
    "GATF": "Green Arrow and The Flash", "BM": "Batman", "SWW": "Superman and Wonder Woman",
    "HQ": "Harley Quinn Team Pack", "JUS": "Justice", "DOOM": "Doom Patrol Team Pack",
    "MYST": "Mystics Team Pack",
    "SKC": "SKC",  # the product's name is in none of our sources
    "MSW": "MSW",  # neither is this one's (only the Team Builder and BulkCards have the set)
    "S1": "Yu-Gi-Oh! Series 1", "BFF": "Battle for Faerûn", "FUS": "Faerûn Under Siege",
    "ToA": "Tomb of Annihilation", "TIW": "Trouble in Waterdeep", "AIW": "Adventures in Waterdeep",
    "ZHN": "The Zhentarim", "TMNT": "Teenage Mutant Ninja Turtles", "HHS": "Heroes in a Half Shell",
    "BFU": "Battle for Ultramar", "ORK": "Orks - WAAAGH! Team Pack", "SW": "Space Wolves - Sons of Russ Team Pack",
    "WWE": "WWE", "BIT": "Bitter Rivals", "TAG": "Tag Teams",
}
# ---------------------------------------------------------------------------- catalogue

def parse_energy(code: str) -> list[str] | None:
    if code in ENERGY_WORDS:
        return list(ENERGY_WORDS[code])
    if len(code) >= 2 and len(set(code)) == len(code) and all(ch in ENERGY_LETTERS for ch in code):
        return [ENERGY_LETTERS[ch] for ch in code]
    return None


def parse_affiliations(field: str) -> list[str]:
    out: list[str] = []
    for tok in field.split(";"):
        tok = tok.strip()
        if tok in NO_AFFILIATION:
            continue
        name = AFFILIATIONS.get(tok, tok)
        if name not in out:
            out.append(name)
    return out


def decode_name(s: str) -> str:
    """The catalogue writes a double quote as two single quotes (''Tiger'')."""
    return s.replace("''", '"')


def catalogue_number(set_code: str, image: str) -> str | None:
    for prefix in [set_code.lower()] + NUMBER_PREFIXES.get(set_code, []):
        m = re.fullmatch(re.escape(prefix) + r"(op)?0*(\d+)", image)
        if m:
            return ("OP" if m.group(1) else "") + m.group(2)
    return None


def validate_catalogue_row(r: dict) -> list[str]:
    """Shape checks: every value must look like its column (catches shifted columns)."""
    where = f"catalogue.csv line {r['_line']} (id {r.get('id')})"
    p = []
    if not re.fullmatch(r"\d+", r["id"]):
        p.append(f"{where}: id {r['id']!r} is not a number")
    if not r["set"] and r["id"] not in CATALOGUE_SKIP:
        p.append(f"{where}: no set (only rows listed in CATALOGUE_SKIP may lack one)")
    if r["set"] and r["set"] not in SETS:
        p.append(f"{where}: set {r['set']!r} has no name in SETS")
    if not r["character"] or not r["card"]:
        p.append(f"{where}: empty title or subtitle")
    if not re.fullmatch(r"\d+|blank|", r["cost"]):
        p.append(f"{where}: cost {r['cost']!r} is not a number")
    if parse_energy(r["energy"]) is None:
        p.append(f"{where}: energy {r['energy']!r} is not an energy code")
    if r["rarity"] not in CATALOGUE_RARITIES:
        p.append(f"{where}: rarity {r['rarity']!r} is not a rarity code (shifted columns?)")
    if not re.fullmatch(r"\d+", r["max_dice"]):
        p.append(f"{where}: max_dice {r['max_dice']!r} is not a number")
    for tok in r["affiliations"].split(";") if r["affiliations"] else []:
        if not re.fullmatch(r"[A-Za-z]+", tok) or tok in CATALOGUE_RARITIES or parse_energy(tok) not in (None, []):
            p.append(f"{where}: affiliation {tok!r} does not look like an affiliation code (shifted columns?)")
    for col in ("die_image", "card_image"):
        if not re.fullmatch(r"[a-z0-9_]+", r[col]):
            p.append(f"{where}: {col} {r[col]!r} is not an image key")
    if r["character"] == "Basic Action Card" and (r["energy"] or r["die_image"] != "basic"):
        p.append(f"{where}: basic action with an energy type or a non-basic die")
    return p


def read_catalogue(path: Path) -> list[dict]:
    problems: list[str] = []
    rows: list[dict] = []
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f, strict=True)
        header = next(reader)
        if header != CATALOGUE_COLUMNS:
            fail([f"catalogue.csv: unexpected header {header}"])
        for rec in reader:
            line = reader.line_num
            if len(rec) != len(CATALOGUE_COLUMNS):
                problems.append(f"catalogue.csv line {line}: {len(rec)} fields instead of {len(CATALOGUE_COLUMNS)}: {rec}")
                continue
            r = dict(zip(CATALOGUE_COLUMNS, rec))
            r["_line"] = line
            problems += validate_catalogue_row(r)
            rows.append(r)
    if len(rows) != CATALOGUE_ROWS:
        problems.append(f"catalogue.csv: {len(rows)} rows, expected {CATALOGUE_ROWS}")
    ids: dict[str, list[dict]] = {}
    for r in rows:
        ids.setdefault(r["id"], []).append(r)
    for i, rs in ids.items():
        if len(rs) > 1 and i not in CATALOGUE_SKIP and i not in CATALOGUE_DUPLICATE_IDS:
            problems.append(f"catalogue.csv: id {i} is used by {len(rs)} rows (lines {[r['_line'] for r in rs]})")
    fail(problems)
    raw_lines = path.read_text(encoding="utf-8").split("\n")
    quoted_commas = sum(1 for r in rows if len(raw_lines[r["_line"] - 1].split(",")) != len(CATALOGUE_COLUMNS))
    print(f"catalogue.csv: {len(rows)} rows, all well-formed; {quoted_commas} have commas inside quoted names "
          "(a naive comma split would shift their columns)")
    for fix in CATALOGUE_CORRECTIONS:
        matches = [r for r in rows if r["id"] == fix["id"]]
        if len(matches) != 1 or matches[0][fix["field"]] != fix["old"]:
            fail([f"catalogue correction {fix} does not match the source"])
        matches[0][fix["field"]] = fix["new"]
        matches[0].setdefault("_notes", []).append(fix["note"])
    return rows


def catalogue_card(r: dict) -> dict:
    bac = r["character"] == "Basic Action Card"
    notes = list(r.get("_notes", []))
    if r["id"] in CATALOGUE_DUPLICATE_IDS:
        notes.append(CATALOGUE_DUPLICATE_IDS[r["id"]])
    if r["energy"] == "a":
        notes.append(ENERGY_ALL_NOTE)
    return {
        "number": catalogue_number(r["set"], r["card_image"]),
        "title": decode_name(r["card"] if bac else r["character"]),
        "subtitle": None if bac else decode_name(r["card"]),
        "kind": "basic-action" if bac else "unknown",
        "cost": None if r["cost"] in ("", "blank") else int(r["cost"]),
        "energy": parse_energy(r["energy"]),
        "affiliations": parse_affiliations(r["affiliations"]),
        "die_limit": None if r["max_dice"] == "0" else int(r["max_dice"]),
        "rarity": r["rarity"],
        "die": None,
        "abilities": "not-encoded",
        "summary": None,
        "source": f"DiceCoalition catalogue id {r['id']}",
        "notes": notes,
        "_set": r["set"],
        "_catalogue_rarity": r["rarity"],
        "_cat": r,
    }


"""Facts the starter rulebooks state about cards, checked against the built cards.

The rulebooks in ../shared/rules/ are not parsed: each fact is written out below with the
section it comes from. A `check` value must agree with the card as built (else the
converter stops); the other entries add kinds, summaries and notes.
"""

from __future__ import annotations

from xdm import check_summary
from common import fail

# ---------------------------------------------------------------------------------------
# Facts from the rulebooks (../shared/rules/), by card.
#   AVXRB = 001_cf8d4b1cd7a25a83.txt (AvX), UXRB = 004_c6d139b140e7ae24.txt (UXM),
#   IMWMRB = 002_c4f44259d4cc5ee1.txt (IMWM), AIRB = 000_032c99e8e321977e.txt (AI).
# `check` values must agree with the built card (else the converter stops); `levels` maps
# a level to the stats the rulebook states for it. `kind`, `summary` and `notes` are
# applied (a summary is checked against `quote`, the rulebook's words about the card).
# `ref` is appended to the card's source.
# ---------------------------------------------------------------------------------------
RULEBOOK = [
    # AvX starter rulebook
    dict(set="AVX", title="Captain America", subtitle="Natural Leader", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=4, die_limit=4)),
    dict(set="AVX", title="Storm", subtitle="'Ro", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=2, die_limit=4)),
    dict(set="AVX", title="Hulk", subtitle="Jade Giant", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=6, die_limit=4, energy=["fist"], affiliations=["Avengers"],
                    levels={1: dict(fielding=1, attack=6, defense=5, bursts=1),
                            2: dict(fielding=2, attack=7, defense=7, bursts=1),
                            3: dict(fielding=3, attack=8, defense=8, bursts=0)})),
    dict(set="AVX", title="Thor", subtitle="Lord of Asgard", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=6, die_limit=4)),
    dict(set="AVX", title="Beast", subtitle="Big Boy Blue", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=2, die_limit=4)),
    dict(set="AVX", title="Iron Man", subtitle="Playboy", ref="AvX rulebook (Detailed Combat Example)",
         check=dict(cost=4, die_limit=4)),
    dict(set="AVX", title="Spider-Man", subtitle='"Tiger"', ref="AvX rulebook (Purchase Dice example; Detailed Combat Example)",
         check=dict(cost=4, die_limit=4, energy=["fist"])),
    dict(set="AVX", title="Captain America", subtitle="American Hero", ref="AvX rulebook (Example of Play: level 3 fields for 2 and attacks for 5)",
         check=dict(cost=4, energy=["shield"], levels={3: dict(fielding=2, attack=5)})),
    dict(set="AVX", title="Human Torch", subtitle="Playing with Fire", ref="AvX rulebook (Example of Play: bought with 2 energy; level 2 fields for 1 and deals 3)",
         check=dict(cost=2, energy=["bolt"], levels={2: dict(fielding=1, attack=3)})),
    dict(set="AVX", title="Beast", subtitle="Mutate #666", ref="AvX rulebook (Example of Play: bought with a mask and a shield)",
         check=dict(cost=2, energy=["mask"])),
    dict(set="AVX", title="Spider-Man", subtitle="Webhead", ref="AvX rulebook (Example of Play: bought with 4 energy)",
         check=dict(cost=4)),
    dict(set="AVX", title="Force Beam", subtitle=None, ref="AvX rulebook (Example of Play: costs 3, no energy type)",
         check=dict(cost=3, energy=[])),
    dict(set="AVX", title="Thrown Car", subtitle=None, ref="AvX rulebook (Purchase Dice example: no energy type)",
         check=dict(energy=[])),
    dict(set="AVX", title="Focus Power", subtitle=None, ref="AvX rulebook (Detailed Combat Example)", check=dict()),
    dict(set="AVX", title="Smash!", subtitle=None, ref="AvX rulebook (Detailed Combat Example)", check=dict()),
    # Uncanny X-Men starter rulebook
    dict(set="UX", title="Iceman", subtitle="Cryokinetic", ref="UXM rulebook (Purchase Dice example)",
         check=dict(cost=4, energy=["bolt"])),
    dict(set="UX", title="Ambush", subtitle=None, ref="UXM rulebook (Purchase Dice example: no energy type)",
         check=dict(energy=[])),
    dict(set="UX", title="Kitty Pryde", subtitle="Sprite", ref="UXM rulebook (Example of Play: costs 3; level 3 fields for 1 and attacks for 3)",
         check=dict(cost=3, energy=["mask"], levels={3: dict(fielding=1, attack=3)})),
    dict(set="UX", title="Angel", subtitle="Air Transport", ref="UXM rulebook (Example of Play: costs 3; level 1 fields for 0 and deals 2)",
         check=dict(cost=3, energy=["shield"], levels={1: dict(fielding=0, attack=2)})),
    dict(set="UX", title="Juggernaut", subtitle="Cain Marko", ref="UXM rulebook (Example of Play: costs 6; Detailed Combat Example)",
         check=dict(cost=6)),
    dict(set="UX", title="Cyclops", subtitle="Optic Blast", ref="UXM rulebook (Example of Play)", check=dict()),
    dict(set="UX", title="Reckless Melee", subtitle=None, ref="UXM rulebook (Example of Play: costs 3, no energy type)",
         check=dict(cost=3, energy=[])),
    dict(set="UX", title="Angel", subtitle="Inspiring", ref="UXM rulebook (Detailed Combat Example; Active and Fielded)", check=dict()),
    dict(set="UX", title="Quicksilver", subtitle="Former Villain", ref="UXM rulebook (Detailed Combat Example)", check=dict()),
    dict(set="UX", title="Iceman", subtitle="Too Cool for Words", ref="UXM rulebook (Detailed Combat Example; quotes its ability)", check=dict()),
    dict(set="UX", title="Magneto", subtitle="Archvillain", ref="UXM rulebook (Detailed Combat Example)", check=dict()),
    dict(set="UX", title="Enrage", subtitle=None, ref="UXM rulebook (Detailed Combat Example)", check=dict()),
    # Iron Man and War Machine starter rulebook
    dict(set="IMWM", title="Space Armor Iron Man", subtitle="Model 5", ref="IMWM rulebook (Cards: a character that costs 4; Rarity: common)",
         check=dict(cost=4)),
    dict(set="IMWM", title="Jarvis", subtitle="Butler", ref="IMWM rulebook (Purchasing a Die: costs 3; Using a Global Ability; Example of Play)",
         check=dict(cost=3),
         notes=["IMWM rulebook (Using a Global Ability): the card has a Global Ability; its text is not given",
                "IMWM rulebook Example of Play (Lillian, turn 3): four Sidekicks and a Jarvis die attack unblocked for 5 damage, so the Jarvis face rolled had attack 1 (its level is not stated)"]),
    dict(set="IMWM", title="Howard Stark", subtitle="Father", ref="IMWM rulebook (Example of Play: two dice bought with 4 energy)",
         check=dict(cost=2)),
    dict(set="IMWM", title="War Machine", subtitle='"Rhodey"', ref="IMWM rulebook (Example of Play)",
         check=dict(cost=4),
         summary="When War Machine KOs an opposing die, that die's owner takes 2 damage.",
         quote="If War Machine KO's one of her dice she will take 2 damage",
         notes=["IMWM rulebook Example of Play (Guillermo, turn 3): a War Machine die is fielded for 0 energy and deals 2 damage unblocked, so one of its character faces has fielding 0 and attack 2 (its level is not stated)"]),
    dict(set="IMWM", title="Iron Spider", subtitle="Version 2.0", ref="IMWM rulebook (Active and Fielded: quotes its ability)",
         check=dict(),
         summary="Each time one of its dice is fielded, your character of either listed affiliation gets +1D this turn.",
         quote="When fieldied, target \u263a or \u2639 character die you control gets +1D (until end of turn).",
         notes=["IMWM rulebook (Active and Fielded): the two affiliation icons in the quoted text are lost in our copy of the rulebook"]),
    dict(set="IMWM", title="Iron Manor", subtitle="Hermetically Sealed", ref="IMWM rulebook (Active and Fielded: quotes its ability)",
         check=dict(),
         summary="Gets +1A/+1D per other distinct active character of its affiliation, counting both players' dice.",
         quote="Iron Manor gains +1A and +1D for each other, different active \u263a character.",
         notes=["IMWM rulebook (Active and Fielded): the affiliation icon is lost in our copy; its example counts Iron Spider, Rescue and War Machine as three such characters"]),
    dict(set="IMWM", title="Rescue", subtitle="Mark 1616", ref="IMWM rulebook (Tournament Teams)", check=dict()),
    dict(set="IMWM", title="Rescue", subtitle="Resilient", ref="IMWM rulebook (Tournament Teams)", check=dict()),
    dict(set="IMWM", title="Smash!", subtitle=None, ref="IMWM rulebook (A Demo Game; Purchasing a Die: no energy type)", check=dict(energy=[])),
    dict(set="IMWM", title="Surprise Attack", subtitle=None, ref="IMWM rulebook (A Demo Game)", check=dict()),
    dict(set="IMWM", title="One Against Many", subtitle=None, ref="IMWM rulebook (A Demo Game)", check=dict()),
    # Avengers Infinity campaign box rulebook
    dict(set="AI", title="Black Widow", subtitle="Red Alert", ref="AI rulebook (Example Game: bought with two energy)",
         check=dict(cost=2)),
    dict(set="AI", title="Captain America", subtitle="The Good Old Days", ref="AI rulebook (Example Game)",
         check=dict(),
         summary="While he is active, a KO'd Sidekick of yours lets you Prep a die from your bag.",
         quote="Captain America's ability is triggered by June's Sidekick being KO'd, so she Preps a die from her bag",
         notes=["AI rulebook Example Game (June, turn 3): a Captain America die is fielded for 1 energy, so one of its character faces has fielding cost 1 (its level is not stated)"]),
    dict(set="AI", title="Arnim Zola", subtitle="Scientist Supreme", ref="AI rulebook (Example Game: two dice bought with 4 energy)",
         check=dict(cost=2),
         notes=['the AI rulebook names this card "Arnim Zola: Scientist"; the catalogue subtitle "Scientist Supreme" is kept (the rulebook appears to shorten it)']),
    dict(set="AI", title="Red Skull", subtitle="Cut off One Head...", ref="AI rulebook (Example Game: bought with four energy)",
         check=dict(cost=4),
         notes=['the AI rulebook spells the subtitle "Cut Off One Head" (capital O, no ellipsis); the catalogue spelling is kept']),
    dict(set="AI", title="Hulk", subtitle="Primal Fury", ref="AI rulebook (Cards: a Hulk card is a Shield character that costs 6)",
         check=dict(cost=6, energy=["shield"]),
         notes=["the AI rulebook's card diagram shows a Hulk costing 6 without naming the subtitle; Primal Fury is the only AI Hulk costing 6 in the catalogue, so the fact is taken to be this card's"]),
    dict(set="AI", title="Wasp", subtitle="Flitting About", ref="AI rulebook (Purchasing a Die: a Wasp card costs 3)",
         check=dict(cost=3),
         notes=["the AI rulebook's purchase example names a Wasp costing 3 without its subtitle; both AI Wasps costing 3 (Flitting About, Love and Loss) fit"]),
    dict(set="AI", title="Wasp", subtitle="Love and Loss", ref="AI rulebook (Purchasing a Die: a Wasp card costs 3)",
         check=dict(cost=3),
         notes=["the AI rulebook's purchase example names a Wasp costing 3 without its subtitle; both AI Wasps costing 3 (Flitting About, Love and Loss) fit"]),
    dict(set="AI", title="Gamora", subtitle="Power Gem", ref="AI rulebook (Customizing Your Team)", check=dict()),
    dict(set="AI", title="Gamora", subtitle="Solar Sacrifice", ref="AI rulebook (Customizing Your Team)", check=dict()),
    dict(set="AI", title="Take Cover", subtitle=None, ref="AI rulebook (Example Game setup; Paul buys one, turn 2)", check=dict()),
    dict(set="AI", title="Crowd Fighting", subtitle=None, ref="AI rulebook (Example Game setup)", check=dict()),
]

# Facts a rulebook states for a whole starter: applied to the catalogue rows with the
# given rarity code (the starter's own cards; promos are left alone).
RULEBOOK_SETS = [
    dict(set="IMWM", rarity_code="as", kind="character", rarity="common",
         kind_ref="IMWM rulebook (Components: 24 character cards for 8 characters)",
         rarity_ref="IMWM rulebook (Rarity: every card of this starter is common)",
         note="rarity: catalogue code \"as\"; the IMWM rulebook (Rarity) says every card of this starter is common (gray stripe)"),
    dict(set="AI", rarity_code="as", kind="character", rarity=None,
         kind_ref="AI rulebook (Components: 48 character cards for 16 characters)", rarity_ref=None, note=None,
         not_character={"Avengers ID Card": "the AI rulebook's component list counts all 48 non-basic cards (16 names) as character cards, which would include this one; its name suggests an item, so the kind is left unknown"}),
]
def apply_rulebook(cards: list[dict]) -> None:
    problems: list[str] = []
    index: dict[tuple, dict] = {}
    for c in cards:
        index[(c["_set"], c["title"], c["subtitle"])] = c
    for rule in RULEBOOK_SETS:
        for c in cards:
            if c["_set"] != rule["set"] or c.get("_catalogue_rarity") != rule["rarity_code"]:
                continue
            if c["kind"] != "basic-action":
                c["source"] += f"; {rule['kind_ref']}"
                reason = rule.get("not_character", {}).get(c["title"])
                if reason:
                    c["notes"].append(reason)
                else:
                    c["kind"] = rule["kind"]
            if rule["rarity"]:
                c["source"] += f"; {rule['rarity_ref']}"
                c["rarity"] = rule["rarity"]
                c["notes"].append(rule["note"])
    for fact in RULEBOOK:
        c = index.get((fact["set"], fact["title"], fact["subtitle"]))
        where = f"rulebook fact for {fact['set']} {fact['title']}: {fact['subtitle']}"
        if c is None:
            problems.append(f"{where}: no such card")
            continue
        chk = fact["check"]
        for field in ("cost", "die_limit", "energy", "affiliations"):
            if field in chk and c[field] != chk[field]:
                problems.append(f"{where}: {field} {c[field]!r}, the rulebook says {chk[field]!r}")
        for level, stats in chk.get("levels", {}).items():
            levels = (c["die"] or {}).get("levels", [])
            if len(levels) < level:
                problems.append(f"{where}: no level {level} to check")
                continue
            for k, v in stats.items():
                if levels[level - 1][k] != v:
                    problems.append(f"{where}: level {level} {k} {levels[level - 1][k]}, the rulebook says {v}")
        c["source"] += f"; {fact['ref']}"
        if "kind" in fact:
            c["kind"] = fact["kind"]
        if "summary" in fact:
            if c["summary"] is not None:
                problems.append(f"{where}: already has a summary")
            problems += check_summary(where, fact["summary"], [fact["quote"]])
            c["summary"] = fact["summary"]
        c["notes"].extend(fact.get("notes", []))
    fail(problems)


"""Unit tests of the card converter's parsing and vote logic (standard library only):

    python3 -m unittest discover -s tools/cards
"""

from __future__ import annotations

import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bulk import read_bulk  # noqa: E402
from common import ConvertError, parse_stats, stat_line  # noqa: E402
from corrections import VOTES, parse_votes  # noqa: E402
from formats import build_formats  # noqa: E402
from teambuilder import CARD_COLUMNS, mark_name_fallbacks, read_cards  # noqa: E402
from vote import DISAGREEMENT_COLUMNS, check_votes, no_text, read_disagreements  # noqa: E402


def tb_row(**kw) -> dict:
    r = {c: "" for c in CARD_COLUMNS}
    r.update(set="AvX", number="1", tb_id="1AvX", set_family="AVX", array="avx", title="Beast",
             subtitle="Big Boy Blue", subtitle_mirrored="0", rarity_code="0", rarity="starter", cost="2",
             energy_code="1", energy="Mask", affiliation_code="1", affiliations="xmen", die_limit="4",
             kind="character", die_key="Beast", die_source="dice map", stats="012* 023 124", errata="0",
             source_line="1")
    r.update(kw)
    return r


def write_tsv(path: Path, columns: list[str], rows: list[dict]) -> None:
    lines = ["\t".join(columns)] + ["\t".join(r[c] for c in columns) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class Stats(unittest.TestCase):
    def test_a_stat_line_round_trips_with_bursts_and_tens(self):
        levels = parse_stats("165* 277** [10]88")
        self.assertEqual(levels[0], {"fielding": 1, "attack": 6, "defense": 5, "bursts": 1})
        self.assertEqual(levels[1]["bursts"], 2)
        self.assertEqual(levels[2]["fielding"], 10)
        self.assertEqual(stat_line(levels), "165* 277** [10]88")

    def test_a_stat_that_is_not_a_number_is_no_stat_line(self):
        self.assertIsNone(parse_stats("1x5 277 388"))
        self.assertIsNone(parse_stats(""))


class Votes(unittest.TestCase):
    def test_every_vote_line_parses_and_ties_are_disputes(self):
        self.assertEqual(len(VOTES), 320)
        tie = VOTES[("1AI", "stats")]
        self.assertTrue(tie["disputed"])
        self.assertEqual(tie["value"], "023 124 134")  # the Team Builder's, kept
        self.assertFalse(VOTES[("52AvX", "cost")]["disputed"])

    def test_a_malformed_vote_line_is_refused(self):
        with self.assertRaises(ValueError):
            parse_votes("1AI | colour | red | because")
        with self.assertRaises(ValueError):
            parse_votes("1AI | cost | 2 | a\n1AI | cost | 3 | b")

    def test_a_disagreement_no_vote_decides_is_refused(self):
        tb = [dict(tb_row(tb_id="1AvX"), _line=2)]
        d = {("1AvX", "cost"): {"TB": "2", "vote": "2", "_line": 7, "field": "cost"}}
        problems = check_votes(tb, d)
        self.assertTrue(any("line 7" in p and "does not decide" in p for p in problems), problems)

    def test_a_stale_comparison_is_refused(self):
        tb = [dict(tb_row(tb_id="52AvX", number="52", cost="4"), _line=2)]
        d = {("52AvX", "cost"): {"TB": "5", "vote": "5", "_line": 3, "field": "cost"}}
        problems = check_votes(tb, d)
        self.assertTrue(any("'5' here, '4' in cards.tsv" in p for p in problems), problems)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())

    def test_a_team_builder_row_with_a_non_number_stat_names_file_and_line(self):
        p = self.dir / "cards.tsv"
        write_tsv(p, CARD_COLUMNS, [tb_row(), tb_row(number="2", tb_id="2AvX", stats="0x2 023 124")])
        with self.assertRaises(ConvertError) as e:
            read_cards(p)
        self.assertIn("cards.tsv line 3 (2AvX): stats '0x2 023 124'", str(e.exception))

    def test_a_team_builder_row_with_an_unknown_set_or_energy_is_refused(self):
        p = self.dir / "cards.tsv"
        write_tsv(p, CARD_COLUMNS, [tb_row(set_family="XYZ"), tb_row(number="2", tb_id="2AvX", energy="Wind")])
        with self.assertRaises(ConvertError) as e:
            read_cards(p)
        self.assertIn("line 2 (1AvX): unknown set family 'XYZ'", str(e.exception))
        self.assertIn("line 3 (2AvX): unknown energy 'Wind'", str(e.exception))

    def test_a_short_row_is_refused(self):
        p = self.dir / "cards.tsv"
        p.write_text("\t".join(CARD_COLUMNS) + "\nAvX\t1\n", encoding="utf-8")
        with self.assertRaises(ConvertError) as e:
            read_cards(p)
        self.assertIn("cards.tsv line 2: 2 fields", str(e.exception))

    def test_a_bulk_card_with_a_non_number_stat_names_its_entry(self):
        card = {"id": "AI001", "name": "Arnim Zola", "subtitle": "Scientist Supreme", "type": "Character",
                "purchaseCost": 2, "energyType": "Bolt", "dieLimit": 4,
                "levels": [{"fieldingCost": 0, "attack": "two", "defense": 2, "burstStars": None}] * 3,
                "rawText": "", "keywords": [], "affiliations": [], "isImplemented": False, "set": "AI",
                "abilityTemplate": None}
        p = self.dir / "BulkCards.json"
        p.write_text(json.dumps([card, dict(card, id="AI002", set="QQ")]), encoding="utf-8")
        with self.assertRaises(ConvertError) as e:
            read_bulk(p, {"AI"})
        self.assertIn("entry 0 (AI001): level 1 attack 'two' is not a number", str(e.exception))
        self.assertIn("entry 1 (AI002): unknown set 'QQ'", str(e.exception))

    def test_a_disagreement_row_of_an_unknown_field_is_refused(self):
        p = self.dir / "d.tsv"
        row = dict(zip(DISAGREEMENT_COLUMNS, ["AVX", "1AvX", "Beast", "x", "colour"] + [""] * 8))
        write_tsv(p, DISAGREEMENT_COLUMNS, [row])
        with self.assertRaises(ConvertError) as e:
            read_disagreements(p)
        self.assertIn("d.tsv line 2: unknown field 'colour'", str(e.exception))


class NoText(unittest.TestCase):
    @staticmethod
    def card(tb_text: str, bulk_text: str | None, keywords=()) -> dict:
        row = {"tb_id": "1XX", "text": tb_text}
        if bulk_text is not None:
            row["_bulk"] = {"id": "XX001", "rawText": bulk_text}
        return {"abilities": "not-encoded", "kind": "character", "keywords": list(keywords),
                "_tb_rows": [row], "notes": []}

    def test_a_card_every_source_gives_no_text_has_none(self):
        for bulk in ("", "(No Abilty Text.)", "(None).", "(No special effects; a vanilla card)"):
            c = self.card("", bulk)
            no_text(c)
            self.assertEqual(c["abilities"], "none", bulk)
            self.assertIn("no ability text in any source", c["notes"][0])

    def test_text_in_any_source_or_a_keyword_keeps_it_not_encoded(self):
        for c in (self.card("Fast", ""), self.card("", "When fielded, deal 1 damage."),
                  self.card("", "", keywords=["Fast"])):
            no_text(c)
            self.assertEqual(c["abilities"], "not-encoded")
            self.assertEqual(c["notes"], [])

    def test_the_team_builder_alone_is_not_enough(self):
        # An empty Team Builder text with no BulkCards row may be text the Team Builder lacks.
        for c in (self.card("", None),):
            no_text(c)
            self.assertEqual(c["abilities"], "not-encoded")
            self.assertEqual(c["notes"], [])

    def test_only_characters_are_read_as_having_no_text(self):
        c = dict(self.card("", ""), kind="action")
        no_text(c)
        self.assertEqual(c["abilities"], "not-encoded")


class Fallbacks(unittest.TestCase):
    def test_a_bare_name_die_first_used_by_an_earlier_set_is_a_fallback(self):
        rows = [tb_row(set_family="AVX", die_key="Hulk"), tb_row(set_family="AI", die_key="Hulk"),
                tb_row(set_family="AI", die_key="AI@Iron Man")]
        mark_name_fallbacks(rows)
        self.assertEqual([r["_fallback"] for r in rows], [None, "AVX", None])


class Formats(unittest.TestCase):
    def test_entries_are_clipped_to_the_season(self):
        row = {"format_code": "M", "format_name": "Modern Era", "kind": "legal_set", "entry": "AI",
               "tb_from_date": "2018-01-01", "tb_to_date": "2023-01-01", "_line": 5}
        k = dict(row, format_code="K", _line=6)
        text = build_formats([row, k], {"AI"})
        season_2020 = text.split("id: modern-2020")[1].split("  - id:")[0]
        self.assertIn('{legal-set: "AI", from: "2020-05-01", to: "2022-07-21"}', season_2020)

    def test_a_card_id_that_is_not_number_and_set_is_refused(self):
        row = {"format_code": "G", "format_name": "Golden Era", "kind": "banned_card", "entry": "UXM31",
               "tb_from_date": "2019-01-01", "tb_to_date": "", "_line": 9}
        with self.assertRaises(ConvertError) as e:
            build_formats([row], {"UXM"})
        self.assertIn("no entries", str(e.exception))
        self.assertIn("formats.tsv line 9", str(e.exception))


if __name__ == "__main__":
    unittest.main()

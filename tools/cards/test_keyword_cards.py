"""Unit tests of keyword_cards.py, the keyword-only card lister (standard library only):

    python3 -m unittest discover -s tools/cards
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from keyword_cards import (REPO, ability_files, applied_keywords, classify, language_keywords,  # noqa: E402
                           parse_keywords, summary)

LANGUAGE = {"ally": None, "fast": None, "overcrush": None, "iron-will": None, "suit-up": "names",
            "infiltrate": None, "breath-weapon": "number"}
APPLIED = {"ally", "fast", "overcrush", "iron-will", "suit-up"}


def card(*texts: tuple[str, str], errata: str = "0", bulk_errata: bool = False, name=("Krypto", "Super Loyal")) -> dict:
    """A pool card with a Team Builder text and, if given, a BulkCards text."""
    tb, bulk = texts[0][1], (texts[1][1] if len(texts) > 1 else None)
    b = None if bulk is None else {"id": "WF011", "rawText": bulk, "_errata": bulk_errata}
    return {"_set": "WF", "number": "11", "title": name[0], "subtitle": name[1],
            "_tb_rows": [{"tb_id": "11WF", "text": tb, "errata": errata, "_bulk": b}]}


class Parse(unittest.TestCase):
    def test_reminder_text_goes_and_numbers_and_names_stay(self):
        self.assertEqual(parse_keywords("Overcrush"), [("Overcrush", None)])
        self.assertEqual(parse_keywords("Iron Will (This character can't be KO'd unless (ever) damaged.)"),
                         [("Iron Will", None)])
        self.assertEqual(parse_keywords("Breath Weapon 2 (pay 2 to deal 2 damage)"), [("Breath Weapon", 2)])
        self.assertEqual(parse_keywords("Suit Up - Iron Spider or Spider-Man (When purchased, …)"),
                         [("Suit Up", ("Iron Spider", "Spider-Man"))])
        self.assertEqual(parse_keywords("Anti-Breath Weapon X"), [("Anti-Breath Weapon", "X")])

    def test_several_keywords_by_line_or_in_one_run(self):
        both = [("Ally", None), ("Fast", None)]
        self.assertEqual(parse_keywords("Ally (Wong counts as a Sidekick.)|Fast (first.)"), both)
        self.assertEqual(parse_keywords("Ally (Wong counts as a Sidekick.) Fast (first.)"), both)
        self.assertEqual(parse_keywords("Ally, fast."), both)

    def test_errata_marks_are_not_text(self):
        self.assertEqual(parse_keywords("Deadly (E)"), [("Deadly", None)])
        self.assertEqual(parse_keywords("ERRATA: Fast"), [("Fast", None)])
        self.assertEqual(parse_keywords("Call out [sic] (When this die attacks …)"), [("Call Out", None)])

    def test_any_other_text_is_not_keywords_only(self):
        for text in ["", None, "When fielded, deal 1 damage.", "Overcrush|When Hulk attacks, he gets +2A.",
                     "*/** Overcrush", "Fast Suit Up - Iron Man 8Sidekicks can't block War Machine",
                     "Underdog - Agent Venom gains Fast.", "Fastest", "Suit Up - Iron Man Iron Manor gains +1A"]:
            self.assertIsNone(parse_keywords(text), text)


class RustSource(unittest.TestCase):
    ABILITY = """
/// The glossary keywords.
#[derive(Debug)]
pub enum Keyword {
    /// Counts as a sidekick.
    Ally,
    IronWill,
    SuitUp { names: Vec<String> },
    // a comment, Ignored,
    BreathWeapon(u32),
    Odd(String),
}
"""
    APPLIED = """
pub fn applied(k: &Keyword) -> bool {
    match k {
        // Board keywords.
        Keyword::Ally | Keyword::SuitUp { .. } => true,
        Keyword::IronWill => true,
        // Keyword::Cleave => true,
        Keyword::Cleave | Keyword::BreathWeapon(_) => {
            false
        }
    }
}
"""

    def test_the_language_is_the_enum_and_applied_the_true_arms(self):
        self.assertEqual(language_keywords(self.ABILITY),
                         {"ally": None, "iron-will": None, "suit-up": "names", "breath-weapon": "number",
                          "odd": "other"})
        self.assertEqual(applied_keywords(self.APPLIED), {"ally", "suit-up", "iron-will"})

    def test_the_real_source_reads(self):
        language = language_keywords((REPO / "src/cards/ability.rs").read_text(encoding="utf-8"))
        applied = applied_keywords((REPO / "src/engine/keywords/mod.rs").read_text(encoding="utf-8"))
        self.assertIn("overcrush", applied)
        self.assertEqual(language["suit-up"], "names")
        self.assertLessEqual(applied, set(language))


class Classify(unittest.TestCase):
    def row(self, c: dict, by_hand: dict | None = None) -> dict | None:
        return classify(c, LANGUAGE, APPLIED, by_hand or {})

    def test_two_sources_that_agree_are_encoded(self):
        r = self.row(card(("TB", "Fast (first.)"), ("BULK", "Fast")))
        self.assertEqual((r["status"], r["keywords"], r["sources"]), ("encoded", "Fast", "TB 11WF, BulkCards WF011"))

    def test_one_source_is_skipped(self):
        r = self.row(card(("TB", "Fast")))
        self.assertEqual(r["status"], "skipped")
        self.assertIn("only one source has text (TB 11WF)", r["note"])
        # An organized-play printing in the same source is no second source.
        c = card(("TB", "Fast"))
        c["_tb_rows"].append(dict(c["_tb_rows"][0], tb_id="5M2017", _bulk=None))
        r = self.row(c)
        self.assertEqual((r["status"], r["note"]), ("skipped", "only one source has text (TB 11WF, TB 5M2017)"))

    def test_sources_that_disagree_are_skipped(self):
        r = self.row(card(("TB", "Fast"), ("BULK", "Fast Overcrush")))
        self.assertEqual(r["status"], "skipped")
        self.assertIn("the sources disagree (TB 11WF: Fast, BulkCards WF011: Fast; Overcrush)", r["note"])
        r = self.row(card(("TB", "Fast"), ("BULK", "When Krypto attacks, he gets +1A.")))
        self.assertIn("BulkCards WF011: not keywords only", r["note"])

    def test_the_errata_stands_over_the_printed_text(self):
        r = self.row(card(("TB", "Krypto deals his damage first."), ("BULK", "ERRATA: Fast"), bulk_errata=True))
        self.assertEqual(r["status"], "encoded")
        self.assertEqual(r["note"], "by errata: BulkCards WF011 (errata); the printed text in TB 11WF")
        # …but not over other keywords.
        r = self.row(card(("TB", "Overcrush"), ("BULK", "ERRATA: Fast"), bulk_errata=True))
        self.assertEqual(r["status"], "skipped")

    def test_a_parameter_the_language_cannot_write_is_skipped(self):
        r = self.row(card(("TB", "Breath Weapon X"), ("BULK", "Breath Weapon X")))
        self.assertEqual(r["status"], "skipped")
        self.assertIn("needs a number", r["note"])
        r = self.row(card(("TB", "Fast 2"), ("BULK", "Fast 2")))
        self.assertIsNone(r)  # Fast takes no number: "Fast 2" is not keyword text at all

    def test_keywords_not_applied_or_not_in_the_language_wait(self):
        r = self.row(card(("TB", "Infiltrate|Fast"), ("BULK", "Infiltrate Fast")))
        self.assertEqual((r["status"], r["missing"], r["note"]), ("unapplied", "infiltrate", "not applied yet"))
        r = self.row(card(("TB", "Regenerate"), ("BULK", "Regenerate")))
        self.assertEqual(r["status"], "unapplied")
        self.assertIn("not in the ability language: Regenerate", r["note"])
        r = self.row(card(("TB", "Breath Weapon 2"), ("BULK", "Breath Weapon 2")))
        self.assertEqual(r["missing"], "{breath-weapon: 2}")

    def test_bulkcards_keywords_field_is_a_hint_said_when_it_differs(self):
        c = card(("TB", "Fast"), ("BULK", "Fast"))
        c["_tb_rows"][0]["_bulk"]["keywords"] = ["Fast", "Overcrush"]
        r = self.row(c)
        self.assertEqual(r["status"], "encoded")
        self.assertEqual(r["note"], "BulkCards' keywords field lists fast, overcrush")

    def test_a_card_encoded_by_hand_is_left_to_its_file(self):
        r = self.row(card(("TB", "Fast"), ("BULK", "Fast")), {"krypto: super loyal": "wf.yaml"})
        self.assertEqual(r["status"], "by-hand")

    def test_the_generated_file_and_the_summary(self):
        rows = [self.row(card(("TB", "Suit Up - Iron Man"), ("BULK", "Suit Up - Iron Man"),
                              name=("Krypto", 'Super "Loyal"'))),
                self.row(card(("TB", "Fast"))), self.row(card(("TB", "Infiltrate"), ("BULK", "Infiltrate")))]
        files = ability_files(rows, {"WF": "World's Finest"})
        text = files["abilities/wf.keywords.yaml"]
        self.assertIn("encodes: WF\n", text)
        self.assertIn('  # Suit Up - Iron Man: TB 11WF, BulkCards WF011 agree\n'
                      '  - card: "Krypto: Super \\"Loyal\\""\n    abilities:\n'
                      '      - {kind: keyword, keyword: {suit-up: {names: ["Iron Man"]}}}\n', text)
        lines = summary(rows)
        self.assertEqual(lines[0], "3 keyword-only cards: 1 encoded here, 0 encoded by hand, "
                                   "1 waiting for a keyword, 1 skipped")
        self.assertIn("  waiting for Infiltrate: 1 card", lines)

    def test_a_reprint_in_another_set_is_listed_under_the_first(self):
        r = self.row(card(("TB", "Fast"), ("BULK", "Fast")))
        r["_sets"] = ["IG", "WF"]
        text = ability_files([r], {"WF": "World's Finest"})["abilities/wf.keywords.yaml"]
        self.assertIn("      - {kind: keyword, keyword: fast}\n    reprints: [IG]\n", text)
        r["_sets"] = ["WF"]
        text = ability_files([r], {"WF": "World's Finest"})["abilities/wf.keywords.yaml"]
        self.assertNotIn("reprints", text)


if __name__ == "__main__":
    unittest.main()

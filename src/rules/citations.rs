//! Where each move rule is written, in the rulebook of each edition: a help line cites the
//! book of the game's own edition (`rules 2014` cites the Avengers vs. X-Men or Uncanny
//! X-Men rulebook, `rules 2016` the Iron Man and War Machine rulebook, `rules 2018` the
//! Avengers Infinity rulebook), and the rules reference where the book is silent.
//!
//! One table per edition. `section` is the book's own heading path, as printed (the 2014
//! books set headings in mixed case, the 2016 book in capitals, the 2018 book in both);
//! `lines` are the lines of our copy of the book (`../shared/rules/`, numbered from 1 as
//! `cat -n` shows them), so a reader can check the citation. A rule the edition's book
//! does not state cites the rules reference, with its ruling number.
//!
//! Some rules exist in one edition only (priority passes are required from 2018); the
//! other editions cite what their own book says about the same situation (the 2014 and
//! 2016 books' tournament procedure for global abilities).

use std::fmt;

use crate::syntax::Edition;

use super::RuleCode;

/// A rulebook section, and the lines of our copy of the book that hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Citation {
    /// The book, as a judge would name it.
    pub book: &'static str,
    /// The section (and sub-section) heading, as the book prints it.
    pub section: &'static str,
    /// The file of `../shared/rules/` and its lines: `000 lines 580-604`.
    pub lines: &'static str,
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.book, self.section)
    }
}

const AI: &str = "Avengers Infinity rulebook (2018)";
const AVX: &str = "Avengers vs. X-Men rulebook (2014)";
const UXM: &str = "Uncanny X-Men rulebook (2014)";
const IMWM: &str = "Iron Man and War Machine rulebook (2016)";
const REF: &str = "rules reference (2015)";

const fn c(book: &'static str, section: &'static str, lines: &'static str) -> Citation {
    Citation {
        book,
        section,
        lines,
    }
}

/// Where `code`'s rule is written for a game under `edition`'s rules; `None` for a code
/// that is not a move rule (team rules cite their format's section themselves).
pub fn cite(code: RuleCode, edition: Edition) -> Option<Citation> {
    match edition {
        Edition::Rules2014 => y2014(code),
        Edition::Rules2016 => y2016(code),
        Edition::Rules2018 => y2018(code),
    }
}

/// Where a team rule (or a starter's first-game setup) is written in the book of
/// `edition`; `None` for a move rule, and for `team-format-card`, whose lists are
/// organized play's and in no rulebook. No diagnostic cites these by edition: a team is
/// checked against its format before any move, and its help line names the format's own
/// section. `dmlint explain` lists them.
pub fn team(code: RuleCode, edition: Edition) -> Option<Citation> {
    use RuleCode::*;
    // The 2014 book's Basic Teams and Tournament Teams state each limit twice, for six
    // and for eight cards; the range holds both.
    const AVX_TEAMS: &str = "CUSTOMIZING YOUR TEAM, Basic Teams and Tournament Teams";
    const IMWM_TEAMS: &str = "CUSTOMIZING YOUR TEAM, TOURNAMENT TEAMS";
    const AI_TEAMS: &str = "CUSTOMIZING YOUR TEAM";
    // The 2016 book says every team limit in one paragraph.
    const IMWM_PARAGRAPH: &str = "002 lines 725-725";
    let (y2014, y2018) = match code {
        TeamCardCount | TeamCardKind => ("001 lines 766-782", "000 lines 1387-1388"),
        TeamBasicActions => ("001 lines 764-780", "000 lines 1387-1388"),
        TeamDuplicateTitle => ("001 lines 766-782", "000 lines 1390-1395"),
        TeamDiceCount => ("001 lines 768-784", "000 lines 1389-1396"),
        TeamDieLimit | TeamCardWithoutDice => ("001 lines 768-784", "000 lines 1395-1398"),
        FirstGameSetup => {
            return Some(match edition {
                Edition::Rules2014 => c(AVX, "SETUP, Your First Game", "001 lines 109-126"),
                Edition::Rules2016 => c(IMWM, "SETUP, A DEMO GAME", "002 lines 430-465"),
                Edition::Rules2018 => c(AI, "EXAMPLE GAME, EXAMPLE OF PLAY", "000 lines 814-857"),
            });
        }
        _ => return None,
    };
    Some(match edition {
        Edition::Rules2014 => c(AVX, AVX_TEAMS, y2014),
        Edition::Rules2016 => c(IMWM, IMWM_TEAMS, IMWM_PARAGRAPH),
        Edition::Rules2018 => c(AI, AI_TEAMS, y2018),
    })
}

/// The Avengers vs. X-Men rulebook (001), and the Uncanny X-Men rulebook (004) where its
/// text is the revised one (May 2014: a short draw loses life) or the only one.
fn y2014(code: RuleCode) -> Option<Citation> {
    use RuleCode::*;
    const TIMING: &str = "TOURNAMENT RULES, Powers, Abilities, and Card Text, Timing Conflicts";
    const GLOBALS: &str = "TOURNAMENT RULES, Using Global Abilities";
    const PURCHASING: &str = "TURN ORDER, Main Step, Purchasing a Die";
    const BLOCKERS: &str = "TURN ORDER, Attack Step, Declare Blockers";
    Some(match code {
        TurnOrder => c(AVX, "TURN ORDER", "001 lines 186-186"),
        OutOfStep => c(AVX, "TURN ORDER", "001 lines 186-186"),
        WrongPlayer => c(AVX, GLOBALS, "001 lines 720-720"),
        NoPriority => c(AVX, GLOBALS, "001 lines 722-724"),
        PriorityNotPassed => c(AVX, GLOBALS, "001 lines 724-726"),
        GameOver => c(AVX, "WINNING", "001 lines 302-302"),
        DrawCount => c(UXM, "TURN ORDER, Clear and Draw Step", "004 lines 254-261"),
        BagRefill => c(AVX, "PLAY AREAS, The Bag", "001 lines 136-136"),
        DieNotInZone => c(AVX, "PLAY AREAS", "001 lines 134-148"),
        RollMismatch => c(AVX, "TURN ORDER, Roll and Reroll Step", "001 lines 198-198"),
        FaceNotOnDie => c(AVX, "HOW TO PLAY, Cards and Dice", "001 lines 178-182"),
        SecondReroll => c(AVX, "TURN ORDER, Roll and Reroll Step", "001 lines 200-202"),
        BuyOpponentCard => c(AVX, PURCHASING, "001 lines 216-216"),
        SoldOut => c(AVX, "SETUP, Your First Game", "001 lines 115-117"),
        PaymentShort => c(AVX, "TURN ORDER, Main Step", "001 lines 218-246"),
        PaymentExcess => c(AVX, PURCHASING, "001 lines 222-226"),
        PaymentType => c(AVX, PURCHASING, "001 lines 218-220"),
        NotEnergy => c(AVX, "HOW TO PLAY, Energy and Costs", "001 lines 172-174"),
        SpinDown => c(AVX, PURCHASING, "001 lines 226-226"),
        VirtualEnergy => c(AVX, PURCHASING, "001 lines 226-226"),
        NotACharacter => c(AVX, "PLAY AREAS, Reserve Pool", "001 lines 140-142"),
        NotAnAction => c(
            AVX,
            "TURN ORDER, Main Step, Playing Actions",
            "001 lines 238-238",
        ),
        DoubleBlock => c(AVX, BLOCKERS, "001 lines 268-268"),
        BlockTarget => c(AVX, BLOCKERS, "001 lines 266-266"),
        DamageAssignment => c(
            AVX,
            "TURN ORDER, Attack Step, Assign Damage",
            "001 lines 280-280",
        ),
        AssertionMismatch => c(
            UXM,
            "TOURNAMENT RULES, More About Dice, Basic Etiquette",
            "004 lines 761-763",
        ),
        NoSuchAbility => c(
            AVX,
            "TURN ORDER, Main Step, Using a Global Ability",
            "001 lines 232-232",
        ),
        UnresolvedTrigger => c(AVX, TIMING, "001 lines 678-678"),
        NotTriggered => c(AVX, TIMING, "001 lines 674-678"),
        TriggerOrder => c(AVX, TIMING, "001 lines 674-674"),
        InvalidTarget => c(
            AVX,
            "TOURNAMENT RULES, Fundamental Rules",
            "001 lines 626-626",
        ),
        NoValidTarget => c(
            REF,
            "Using a Global Ability, ruling [4]",
            "003 lines 140-140",
        ),
        InvalidChoice => c(AVX, TIMING, "001 lines 678-678"),
        CannotBlock => c(
            AVX,
            "TOURNAMENT RULES, Fundamental Rules",
            "001 lines 624-628",
        ),
        // Card text over the basic rules ("you can send all, some, or none"), and can't
        // over can.
        CannotAttack | MustAttack | MustBlock => c(
            AVX,
            "TOURNAMENT RULES, Fundamental Rules",
            "001 lines 624-628",
        ),
        // The 2014 books know no limited global: card text sets the limit, over the
        // book's "may be used more than once".
        GlobalLimit => c(
            AVX,
            "TURN ORDER, Main Step, Using a Global Ability",
            "001 lines 234-234",
        ),
        NothingToReactTo => c(AVX, TIMING, "001 lines 686-686"),
        AlreadyReacted => c(
            REF,
            "Use Actions and Global Abilities, rulings [7] and [8]",
            "003 lines 184-184",
        ),
        CostUnpayable => c(
            AVX,
            "TOURNAMENT RULES, Fundamental Rules",
            "001 lines 630-630",
        ),
        OncePerTurn => c(
            UXM,
            "TOURNAMENT RULES, Card Text and Game States",
            "004 lines 631-634",
        ),
        // The AvX book predates the May 2014 revision; the Uncanny X-Men book states it.
        PartlySpentReroll => c(UXM, "TOURNAMENT RULES, Rerolling Dice", "004 lines 816-822"),
        InvalidPartner => c(UXM, "Pairing Up", "004 lines 696-705"),
        _ => return None,
    })
}

/// The Iron Man and War Machine rulebook (002).
fn y2016(code: RuleCode) -> Option<Citation> {
    use RuleCode::*;
    const TIMING: &str = "TOURNAMENT RULES, TIMING CONFLICTS";
    const SPENDING: &str = "TURN ORDER, 3. MAIN STEP, SPENDING ENERGY";
    const PURCHASING: &str = "TURN ORDER, 3. MAIN STEP, PURCHASING A DIE";
    const BLOCKERS: &str = "TURN ORDER, 4. ATTACK STEP, DECLARE BLOCKERS";
    const FUNDAMENTAL: &str = "TOURNAMENT RULES, FUNDAMENTAL RULES";
    Some(match code {
        TurnOrder => c(IMWM, "TURN ORDER", "002 lines 280-280"),
        OutOfStep => c(IMWM, "TURN ORDER", "002 lines 280-280"),
        WrongPlayer => c(
            IMWM,
            "TOURNAMENT RULES, USING GLOBAL ABILITIES",
            "002 lines 699-699",
        ),
        NoPriority => c(IMWM, TIMING, "002 lines 645-649"),
        PriorityNotPassed => c(IMWM, TIMING, "002 lines 649-651"),
        GameOver => c(IMWM, "WINNING", "002 lines 469-469"),
        DrawCount => c(
            IMWM,
            "TURN ORDER, 1. CLEAR AND DRAW STEP",
            "002 lines 286-288",
        ),
        BagRefill => c(IMWM, "PLAY AREAS, The Bag", "002 lines 402-402"),
        DieNotInZone => c(IMWM, "PLAY AREAS", "002 lines 400-416"),
        RollMismatch => c(
            IMWM,
            "TURN ORDER, 2. ROLL AND REROLL STEP",
            "002 lines 292-292",
        ),
        FaceNotOnDie => c(IMWM, "CARDS", "002 lines 215-215"),
        SecondReroll => c(
            IMWM,
            "TURN ORDER, 2. ROLL AND REROLL STEP",
            "002 lines 294-296",
        ),
        BuyOpponentCard => c(IMWM, PURCHASING, "002 lines 310-312"),
        SoldOut => c(IMWM, "SETUP, A DEMO GAME", "002 lines 438-438"),
        PaymentShort => c(IMWM, "TURN ORDER, 3. MAIN STEP", "002 lines 314-346"),
        PaymentExcess => c(IMWM, SPENDING, "002 lines 306-306"),
        PaymentType => c(IMWM, PURCHASING, "002 lines 314-316"),
        NotEnergy => c(IMWM, SPENDING, "002 lines 306-306"),
        SpinDown => c(IMWM, PURCHASING, "002 lines 322-322"),
        VirtualEnergy => c(IMWM, PURCHASING, "002 lines 322-322"),
        NotACharacter => c(IMWM, "PLAY AREAS, Reserve Pool", "002 lines 406-406"),
        NotAnAction => c(
            IMWM,
            "TURN ORDER, 3. MAIN STEP, PLAYING ACTIONS",
            "002 lines 334-340",
        ),
        DoubleBlock => c(IMWM, BLOCKERS, "002 lines 368-368"),
        BlockTarget => c(IMWM, BLOCKERS, "002 lines 366-366"),
        DamageAssignment => c(
            IMWM,
            "TURN ORDER, 4. ATTACK STEP, ASSIGN DAMAGE",
            "002 lines 380-380",
        ),
        AssertionMismatch => c(IMWM, "PLAY AREAS", "002 lines 400-400"),
        NoSuchAbility => c(
            IMWM,
            "TURN ORDER, 3. MAIN STEP, USING A GLOBAL ABILITY",
            "002 lines 328-328",
        ),
        UnresolvedTrigger => c(IMWM, TIMING, "002 lines 647-647"),
        NotTriggered => c(IMWM, TIMING, "002 lines 645-647"),
        TriggerOrder => c(IMWM, TIMING, "002 lines 645-645"),
        InvalidTarget => c(IMWM, FUNDAMENTAL, "002 lines 587-587"),
        NoValidTarget => c(
            REF,
            "Using a Global Ability, ruling [4]",
            "003 lines 140-140",
        ),
        InvalidChoice => c(IMWM, TIMING, "002 lines 647-647"),
        CannotBlock => c(IMWM, FUNDAMENTAL, "002 lines 587-589"),
        CannotAttack | MustAttack | MustBlock => c(IMWM, FUNDAMENTAL, "002 lines 587-589"),
        GlobalLimit => c(
            IMWM,
            "TURN ORDER, 3. MAIN STEP, USING A GLOBAL ABILITY",
            "002 lines 330-330",
        ),
        NothingToReactTo => c(IMWM, TIMING, "002 lines 653-653"),
        AlreadyReacted => c(
            REF,
            "Use Actions and Global Abilities, rulings [7] and [8]",
            "003 lines 184-184",
        ),
        CostUnpayable => c(IMWM, FUNDAMENTAL, "002 lines 591-593"),
        // The book has no ability used like a global: the card's text sets its limit.
        OncePerTurn => c(IMWM, FUNDAMENTAL, "002 lines 587-587"),
        PartlySpentReroll => c(IMWM, FUNDAMENTAL, "002 lines 595-595"),
        // The 2016 book does not describe pairing up: card text (Heroic, as the Uncanny
        // X-Men book defines it) supersedes rule text.
        InvalidPartner => c(IMWM, FUNDAMENTAL, "002 lines 587-587"),
        _ => return None,
    })
}

/// The Avengers Infinity rulebook (000).
fn y2018(code: RuleCode) -> Option<Citation> {
    use RuleCode::*;
    const PRIORITY: &str = "TURN ORDER, 3. MAIN STEP, PASSING PRIORITY";
    const SPENDING: &str = "TURN ORDER, 3. MAIN STEP, Spending Energy";
    const PURCHASING: &str = "TURN ORDER, 3. MAIN STEP, Purchasing a Die";
    const REROLL: &str = "TURN ORDER, 2. ROLL AND REROLL STEP";
    const BLOCKERS: &str = "TURN ORDER, 4. ATTACK STEP, Declare Blockers";
    const TIMING: &str = "TOURNAMENT RULES, EFFECT TIMING AND RESOLUTION";
    const TARGETING: &str = "TOURNAMENT RULES, FUNDAMENTAL RULES, Targeting";
    const GLOBALS: &str = "TOURNAMENT RULES, MORE ABOUT GLOBAL ABILITIES";
    Some(match code {
        TurnOrder => c(AI, "TURN ORDER", "000 lines 525-529"),
        OutOfStep => c(AI, "TURN ORDER", "000 lines 525-529"),
        WrongPlayer => c(AI, PRIORITY, "000 lines 680-691"),
        NoPriority => c(AI, PRIORITY, "000 lines 680-691"),
        PriorityNotPassed => c(AI, PRIORITY, "000 lines 680-703"),
        GameOver => c(AI, "WINNING", "000 lines 844-847"),
        DrawCount => c(
            AI,
            "TURN ORDER, 1. CLEAR AND DRAW STEP",
            "000 lines 538-571",
        ),
        BagRefill => c(AI, "PLAY AREAS, The Bag", "000 lines 248-257"),
        DieNotInZone => c(AI, "PLAY AREAS", "000 lines 245-307"),
        RollMismatch => c(AI, REROLL, "000 lines 573-575"),
        FaceNotOnDie => c(AI, "CARDS", "000 lines 352-356"),
        SecondReroll => c(AI, REROLL, "000 lines 577-580"),
        BuyOpponentCard => c(AI, PURCHASING, "000 lines 610-614"),
        SoldOut => c(AI, "EXAMPLE GAME", "000 lines 820-836"),
        PaymentShort => c(AI, "TURN ORDER, 3. MAIN STEP", "000 lines 616-639"),
        PaymentExcess => c(AI, SPENDING, "000 lines 594-607"),
        PaymentType => c(AI, PURCHASING, "000 lines 616-625"),
        NotEnergy => c(AI, SPENDING, "000 lines 594-607"),
        SpinDown => c(AI, SPENDING, "000 lines 594-607"),
        VirtualEnergy => c(AI, PRIORITY, "000 lines 680-691"),
        NotACharacter => c(AI, "PLAY AREAS, Field Zone", "000 lines 274-279"),
        NotAnAction => c(
            AI,
            "TURN ORDER, 3. MAIN STEP, Playing Actions",
            "000 lines 648-656",
        ),
        DoubleBlock => c(AI, BLOCKERS, "000 lines 727-730"),
        BlockTarget => c(AI, BLOCKERS, "000 lines 727-730"),
        DamageAssignment => c(
            AI,
            "TURN ORDER, 4. ATTACK STEP, ASSIGN DAMAGE",
            "000 lines 768-777",
        ),
        AssertionMismatch => c(AI, "PLAY AREAS", "000 lines 245-246"),
        NoSuchAbility => c(
            AI,
            "TURN ORDER, 3. MAIN STEP, USE GLOBAL ABILITIES",
            "000 lines 659-663",
        ),
        UnresolvedTrigger => c(AI, TIMING, "000 lines 1092-1107"),
        NotTriggered => c(AI, TIMING, "000 lines 1092-1107"),
        TriggerOrder => c(AI, TIMING, "000 lines 1092-1107"),
        InvalidTarget => c(AI, TARGETING, "000 lines 994-1008"),
        NoValidTarget => c(AI, TARGETING, "000 lines 1010-1011"),
        InvalidChoice => c(AI, TIMING, "000 lines 1092-1107"),
        CannotBlock => c(
            AI,
            "TOURNAMENT RULES, FUNDAMENTAL RULES",
            "000 lines 951-953",
        ),
        CannotAttack => c(
            AI,
            "TOURNAMENT RULES, FUNDAMENTAL RULES",
            "000 lines 951-953",
        ),
        // Persistent effects decide who must attack or block; can't beats can.
        MustAttack | MustBlock => c(
            AI,
            "TOURNAMENT RULES, TYPES OF GAME EFFECTS",
            "000 lines 1031-1040",
        ),
        GlobalLimit => c(AI, GLOBALS, "000 lines 1062-1071"),
        NothingToReactTo => c(AI, GLOBALS, "000 lines 1073-1079"),
        AlreadyReacted => c(AI, GLOBALS, "000 lines 1079-1085"),
        CostUnpayable => c(
            AI,
            "TOURNAMENT RULES, FUNDAMENTAL RULES",
            "000 lines 955-964",
        ),
        // Abilities used "whenever you could use a Global Ability" (PASSING PRIORITY,
        // 000 lines 675-677) keep the limit their text states, as limited globals do.
        OncePerTurn => c(AI, GLOBALS, "000 lines 1062-1067"),
        PartlySpentReroll => c(
            AI,
            "TOURNAMENT RULES, FUNDAMENTAL RULES",
            "000 lines 979-979",
        ),
        // The 2018 glossary leaves keywords it does not list (Heroic among them) to the
        // keyword list it points to, which defines pairing as the Uncanny X-Men book does.
        InvalidPartner => c(AI, "GLOSSARY", "000 lines 1458-1459"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    //! Every move rule is cited in every edition, from that edition's own book (or the
    //! rules reference), with a well-formed line range. The texts themselves are not read:
    //! `../shared/rules/` is not part of the repository.

    use super::*;

    /// The move rules: every code but the team rules, which cite their format themselves.
    fn move_rules() -> impl Iterator<Item = RuleCode> {
        RuleCode::ALL
            .iter()
            .copied()
            .filter(|c| !c.name().starts_with("team-") && *c != RuleCode::FirstGameSetup)
    }

    const EDITIONS: [(Edition, &[&str]); 3] = [
        (Edition::Rules2014, &["001", "003", "004"]),
        (Edition::Rules2016, &["002", "003"]),
        (Edition::Rules2018, &["000", "003"]),
    ];

    /// `NNN lines A-B`, with A <= B; the file number.
    fn file_of(lines: &str) -> Option<&str> {
        let (file, range) = lines.split_once(" lines ")?;
        let (a, b) = range.split_once('-')?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let known = ["000", "001", "002", "003", "004"].contains(&file);
        (known && digits(a) && digits(b) && a.parse::<u32>().ok()? <= b.parse::<u32>().ok()?)
            .then_some(file)
    }

    #[test]
    fn every_move_rule_is_cited_in_every_edition_from_its_own_book() {
        for code in move_rules() {
            for (edition, files) in EDITIONS {
                let c = cite(code, edition)
                    .unwrap_or_else(|| panic!("{} has no {edition:?} citation", code.name()));
                let file = file_of(c.lines).unwrap_or_else(|| {
                    panic!("{} {edition:?}: malformed lines {:?}", code.name(), c.lines)
                });
                assert!(
                    files.contains(&file),
                    "{} {edition:?} cites file {file}, not one of {files:?}",
                    code.name()
                );
                let book = match file {
                    "000" => AI,
                    "001" => AVX,
                    "002" => IMWM,
                    "003" => REF,
                    _ => UXM,
                };
                assert_eq!(
                    c.book,
                    book,
                    "{} {edition:?}: book and file differ",
                    code.name()
                );
                assert!(!c.section.trim().is_empty(), "{} {edition:?}", code.name());
            }
        }
    }

    #[test]
    fn team_rules_cite_nothing_here() {
        for code in RuleCode::ALL
            .iter()
            .filter(|c| !move_rules().any(|m| m == **c))
        {
            for (edition, _) in EDITIONS {
                assert_eq!(cite(*code, edition), None, "{}", code.name());
            }
        }
    }

    #[test]
    fn team_rules_are_cited_in_every_edition_but_the_format_lists() {
        for code in RuleCode::ALL
            .iter()
            .filter(|c| !move_rules().any(|m| m == **c))
        {
            for (edition, _) in EDITIONS {
                let cited = team(*code, edition);
                if *code == RuleCode::TeamFormatCard {
                    assert_eq!(cited, None);
                    continue;
                }
                let c = cited.unwrap_or_else(|| panic!("{} {edition:?}", code.name()));
                let file = file_of(c.lines).unwrap_or_else(|| panic!("{}", c.lines));
                let (want, book) = match edition {
                    Edition::Rules2014 => ("001", AVX),
                    Edition::Rules2016 => ("002", IMWM),
                    Edition::Rules2018 => ("000", AI),
                };
                assert_eq!((file, c.book), (want, book), "{} {edition:?}", code.name());
            }
        }
        for code in move_rules() {
            assert_eq!(team(code, Edition::Rules2018), None, "{}", code.name());
        }
    }

    #[test]
    fn line_ranges_are_checked_for_shape() {
        assert_eq!(file_of("000 lines 754-796"), Some("000"));
        assert_eq!(file_of("003 lines 140-140"), Some("003"));
        for bad in [
            "",
            "000 lines 796-754",
            "005 lines 1-2",
            "000 lines 1-",
            "00 lines 1-2",
        ] {
            assert_eq!(file_of(bad), None, "{bad:?}");
        }
    }
}
